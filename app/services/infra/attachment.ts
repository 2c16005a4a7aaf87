import contentDisposition from 'content-disposition'

/** What stands in for the name in the plain `filename=` parameter: printable ASCII only. */
export function asciiFallback(name: string) {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%/]/g, '_')
    .trim()
  return ascii || 'download'
}

/**
 * `Content-Disposition` of a download (docs/rules/documents.md#downloads, RFC 6266 and 5987):
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded name>`, whatever
 * the stored name holds (Cyrillic, CJK, emoji, quotes, control characters, slashes).
 */
// eslint-disable-next-line no-control-regex -- control characters and slashes never reach a header
const UNSAFE_NAME_CHARS = /[\x00-\x1f\x7f/\\]/g

export function attachmentDisposition(fileName: string) {
  // A lone surrogate (a name cut inside an emoji) would make the percent-encoding throw.
  const name = fileName.toWellFormed().replace(UNSAFE_NAME_CHARS, '_').trim() || 'download'
  const header = contentDisposition(name, { fallback: asciiFallback(name) })
  // The package adds `filename*` only when the name is not its own ASCII fallback; the contract
  // asks for both parameters on every download. (A name may itself hold "filename*=".)
  const star = header.lastIndexOf("; filename*=UTF-8''")
  if (star > 0 && !header.includes('"', star)) return header
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${header}; filename*=UTF-8''${encoded}`
}
