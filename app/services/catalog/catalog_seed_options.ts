/*
| The options and result of catalog:seed (seedCatalog in catalog_seed_service.ts) and the
| defaults it applies.
*/

export type SeedProgress = { kind: 'institutions' | 'courses' | 'documents' | 'chunks'; done: number; total: number }

export type SeedOptions = {
  institutions: number
  courses: number
  documents: number
  /** How many of the new documents get 1–3 text chunks (default: all up to 20,000). */
  chunkDocuments?: number
  /** Rows per INSERT statement (default 500 on PostgreSQL, 250 on SQLite). */
  batchSize?: number
  seed?: number
  /** Rows of a kind from which PostgreSQL rebuilds that table's indexes after the load (tests). */
  pgSuspendMinRows?: number
  onProgress?: (progress: SeedProgress) => void
}

export type SeedResult = {
  institutions: number
  courses: number
  documents: number
  chunks: number
  duration_ms: number
  rows_per_second: number
}

export const DEFAULT_CHUNKED_DOCUMENTS = 20_000
/**
 * SQLite batches are smaller: the statement is prepared once, so a batch costs no round trip,
 * and rows of a smaller batch die young (1,000-row batches survived scavenges, and V8 grew the
 * old generation by 64 MB during a 1M-document seed).
 */
export const SQLITE_BATCH = 250
export const PG_BATCH = 500
/** Rows of one kind from which PostgreSQL drops and rebuilds that table's secondary indexes. */
export const PG_SUSPEND_MIN_ROWS = 50_000
