/**
 * `/login?next=` returns only to a path on this site (issue 23 item 7). The target is judged
 * after normalising, the way a browser or a later decoder would read it: it is decoded (once,
 * then again while it still changes, for double encoding), each form is resolved with the
 * WHATWG URL parser against a fixed origin, and every form must stay on that origin with a
 * path that starts with exactly one `/`. The answer is the parser's normalised form of the
 * value as given, so encoded query values keep their meaning. Pure: used by the server and
 * by the login and sign-up pages before `window.location.assign`.
 */
const ORIGIN = 'http://local.invalid'
const MAX_LENGTH = 2000
const MAX_DECODES = 3

// Controls, DEL, space and backslash: the URL parser strips or rewrites them silently.
// eslint-disable-next-line no-control-regex -- control characters make a path unsafe
const UNSAFE_CHARS = /[\u0000-\u0020\u007f\\]/

function isLocalForm(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARS.test(value)) return false
  let parsed: URL
  try {
    parsed = new URL(value, ORIGIN)
  } catch {
    return false
  }
  return parsed.origin === ORIGIN && parsed.pathname.startsWith('/') && !parsed.pathname.startsWith('//')
}

function decodedForms(value: string): string[] | null {
  const forms: string[] = []
  let current = value
  for (let i = 0; i < MAX_DECODES; i++) {
    let decoded: string
    try {
      decoded = decodeURIComponent(current)
    } catch {
      // The first decode must succeed; a later failure only means nothing more to decode.
      if (i === 0) return null
      break
    }
    if (decoded === current) break
    forms.push(decoded)
    current = decoded
  }
  return forms
}

export function safeNextPath(next: unknown, fallback = '/dashboard'): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > MAX_LENGTH) return fallback
  if (!isLocalForm(next)) return fallback
  const forms = decodedForms(next)
  if (!forms || !forms.every(isLocalForm)) return fallback
  const parsed = new URL(next, ORIGIN)
  const normalised = parsed.pathname + parsed.search + parsed.hash
  // The normalised form is judged again (dot segments may have produced `//`).
  if (!isLocalForm(normalised)) return fallback
  const again = decodedForms(normalised)
  if (!again || !again.every(isLocalForm)) return fallback
  return normalised
}
