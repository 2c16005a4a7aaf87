/** JSON stored in a text column (SQLite + PostgreSQL), see app/models/document.ts. */
export function jsonColumn<T>(fallback: T) {
  return {
    prepare: (value: T | null) => (value === null || value === undefined ? null : JSON.stringify(value)),
    consume: (value: unknown): T => {
      if (value === null || value === undefined) return fallback
      if (typeof value !== 'string') return value as T
      try {
        return JSON.parse(value) as T
      } catch {
        return fallback
      }
    },
  }
}

export type AiScope = { document_ids: string[]; course_id: string | null }

/** The `scope` column every AI result row carries (docs/rules/ai.md#tools: `{ document_ids, course_id }`). */
export const scopeColumn = () => jsonColumn<AiScope>({ document_ids: [], course_id: null })
export type ChunkRef = { document_id: string; chunk_index: number }
