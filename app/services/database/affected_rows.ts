/**
 * The number of rows an UPDATE or DELETE touched, whatever the dialect's driver returns: a
 * number, an array (first item), or a result object with `rowCount` (pg).
 */
export function affectedRows(result: unknown): number {
  if (Array.isArray(result)) return affectedRows(result[0])
  if (typeof result === 'number') return result
  if (result && typeof result === 'object' && 'rowCount' in result) return Number(result.rowCount)
  return Number(result) || 0
}
