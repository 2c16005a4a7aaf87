/**
 * True when a database error is a unique-constraint violation: PostgreSQL's 23505 or
 * SQLite's UNIQUE/PRIMARY KEY constraint codes (better-sqlite3 sets `code`; the message is a
 * fallback for drivers that only say it in words).
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true
  return /UNIQUE constraint failed|duplicate key value violates unique constraint/i.test(String(message ?? ''))
}
