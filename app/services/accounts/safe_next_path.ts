/**
 * `/login?next=` returns only to a local path: absolute URLs, protocol-relative `//host`
 * and backslash tricks fall back to the default.
 */
export function safeNextPath(next: unknown, fallback = '/dashboard'): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return fallback
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback
  if (/[\u0000-\u001f]/.test(next)) return fallback
  try {
    const parsed = new URL(next, 'http://local.invalid')
    if (parsed.origin !== 'http://local.invalid') return fallback
    return parsed.pathname + parsed.search + parsed.hash
  } catch {
    return fallback
  }
}
