import { createHash, timingSafeEqual } from 'node:crypto'

/** Constant-time comparison (both sides hashed first, so lengths leak nothing). */
export function secretsMatch(given: string | undefined | null, expected: string): boolean {
  const a = createHash('sha256')
    .update(String(given ?? ''))
    .digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b) && typeof given === 'string' && given.length > 0
}
