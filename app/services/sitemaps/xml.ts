/*
| A small streaming XML writer for sitemaps.org 0.9 documents. Every value passes through
| `escapeXml`; loc paths percent-encode the slug first, so any slug gives well-formed XML.
| The urlset builder refuses an entry that would take the file past the 50 MB limit.
*/
import { MAX_SITEMAP_BYTES, SITEMAP_NAMESPACE } from '#services/sitemaps/constants'

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
// XML 1.0 forbids most control characters even when escaped.
// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

export function escapeXml(value: string): string {
  return value.replace(INVALID_XML_CHARS, '').replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch])
}

const URL_SAFE = /^[A-Za-z0-9_.~-]*$/
// Anything that needs escaping, or a non-ASCII character (then bytes ≠ string length).
// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids or escapes
const NEEDS_CARE = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\uFFFF]/

/** A catalog slug as a URL path segment. */
export function slugPath(slug: string): string {
  return URL_SAFE.test(slug) ? slug : encodeURIComponent(slug)
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`
const URLSET_CLOSE = '</urlset>\n'
const INDEX_OPEN = `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n`
const INDEX_CLOSE = '</sitemapindex>\n'

const LASTMOD_OPEN = '</loc><lastmod>'

/** The fixed parts of one kind's entries, prepared once for `UrlsetBuilder.addSlug`. */
export type UrlsetKind = {
  base: string
  changefreq: string
  priority: string
  plain: boolean
  head: string
  tail: string
}

export function urlsetKind(base: string, changefreq: string, priority: string): UrlsetKind {
  return {
    base,
    changefreq,
    priority,
    plain: !NEEDS_CARE.test(base),
    head: `<url><loc>${base}`,
    tail: `</lastmod><changefreq>${changefreq}</changefreq><priority>${priority}</priority></url>\n`,
  }
}

/**
 * Writes a urlset straight into one growable Buffer (no array of entry strings, no join), so
 * a 50,000-URL chunk costs ~its own size in memory. `reset()` reuses the buffer for the next
 * chunk of a regeneration.
 */
export class UrlsetBuilder {
  #buf: Buffer
  #len = 0
  count = 0
  /** URLs refused because the file would have passed the byte limit. */
  refused = 0

  constructor(
    readonly maxBytes: number = MAX_SITEMAP_BYTES,
    initialCapacity = 1 << 20
  ) {
    this.#buf = Buffer.allocUnsafe(initialCapacity)
    this.#write(URLSET_OPEN, URLSET_OPEN.length)
  }

  #ensure(bytes: number) {
    if (this.#len + bytes > this.#buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.#buf.length * 2, this.#len + bytes))
      this.#buf.copy(grown, 0, 0, this.#len)
      this.#buf = grown
    }
  }

  #write(text: string, bytes: number) {
    this.#ensure(bytes)
    this.#len += this.#buf.write(text, this.#len, bytes === text.length ? 'latin1' : 'utf8')
  }

  /** Starts a new urlset in the same buffer. */
  reset() {
    this.#len = 0
    this.count = 0
    this.refused = 0
    this.#write(URLSET_OPEN, URLSET_OPEN.length)
  }

  /** Adds one url; returns false (and adds nothing) when it would pass the byte limit. */
  add(loc: string, lastmod: string, changefreq: string, priority: string): boolean {
    // Fast path: plain ASCII values need no escaping and their byte length is their length.
    const plain = !NEEDS_CARE.test(loc) && !NEEDS_CARE.test(lastmod)
    const entry = plain
      ? `<url><loc>${loc}</loc><lastmod>${lastmod}</lastmod><changefreq>${changefreq}</changefreq><priority>${priority}</priority></url>\n`
      : `<url><loc>${escapeXml(loc)}</loc><lastmod>${escapeXml(lastmod)}</lastmod>` +
        `<changefreq>${escapeXml(changefreq)}</changefreq><priority>${escapeXml(priority)}</priority></url>\n`
    const size = plain ? entry.length : Buffer.byteLength(entry)
    if (this.#len + size + URLSET_CLOSE.length > this.maxBytes) {
      this.refused++
      return false
    }
    this.#write(entry, size)
    this.count++
    return true
  }

  /**
   * `add(base + slugPath(slug), lastmod, …)` of one catalog row, same bytes. When the kind's
   * prefix is plain and the slug URL-safe (the usual case), the pieces are written straight
   * into the buffer without building the entry string.
   */
  addSlug(kind: UrlsetKind, slug: string, lastmod: string): boolean {
    if (!kind.plain || !URL_SAFE.test(slug) || NEEDS_CARE.test(lastmod)) {
      return this.add(kind.base + slugPath(slug), lastmod, kind.changefreq, kind.priority)
    }
    const size = kind.head.length + slug.length + LASTMOD_OPEN.length + lastmod.length + kind.tail.length
    if (this.#len + size + URLSET_CLOSE.length > this.maxBytes) {
      this.refused++
      return false
    }
    this.#ensure(size)
    const buf = this.#buf
    let len = this.#len
    len += buf.write(kind.head, len, 'latin1')
    len += buf.write(slug, len, 'latin1')
    len += buf.write(LASTMOD_OPEN, len, 'latin1')
    len += buf.write(lastmod, len, 'latin1')
    len += buf.write(kind.tail, len, 'latin1')
    this.#len = len
    this.count++
    return true
  }

  get bytes() {
    return this.#len + URLSET_CLOSE.length
  }

  /** The finished document as a view of the internal buffer (valid until `reset()`). */
  finishBytes(): Buffer {
    this.#write(URLSET_CLOSE, URLSET_CLOSE.length)
    return this.#buf.subarray(0, this.#len)
  }

  finish(): string {
    return this.finishBytes().toString('utf8')
  }
}

export function buildSitemapIndex(entries: { loc: string; lastmod: string }[]): string {
  const parts = [INDEX_OPEN]
  for (const entry of entries) {
    parts.push(`<sitemap><loc>${escapeXml(entry.loc)}</loc><lastmod>${escapeXml(entry.lastmod)}</lastmod></sitemap>\n`)
  }
  parts.push(INDEX_CLOSE)
  return parts.join('')
}

/**
 * A database timestamp as ISO 8601 UTC. PostgreSQL gives a Date; SQLite a string such as
 * `2026-01-02 03:04:05` (stored in UTC) or an ISO string.
 */
const SQL_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

export function toIsoUtc(value: unknown): string {
  if (value instanceof Date) return value.toISOString()
  // Fast path for SQLite's `YYYY-MM-DD HH:MM:SS` (UTC).
  if (typeof value === 'string' && value.length === 19 && SQL_DATETIME.test(value)) {
    return `${value.slice(0, 10)}T${value.slice(11)}.000Z`
  }
  if (typeof value === 'number') return new Date(value).toISOString()
  if (typeof value === 'string' && value) {
    let text = value.trim()
    if (/^\d{4}-\d{2}-\d{2} \d/.test(text)) text = text.replace(' ', 'T')
    if (!/(Z|[+-]\d{2}(:?\d{2})?)$/.test(text) && text.includes('T')) text += 'Z'
    const parsed = new Date(text)
    if (!Number.isNaN(parsed.getTime())) return parsed.toISOString()
  }
  return new Date(0).toISOString()
}

/** W3C datetime for <lastmod>, second precision. */
export function toLastmod(iso: string): string {
  if (iso.length === 24 && iso.endsWith('Z')) return `${iso.slice(0, 19)}Z`
  return iso.replace(/\.\d{3}Z$/, 'Z')
}
