/*
| The anonymous full-response cache of the catalog pages (issue 19): crawlers and anonymous
| visitors get the same bytes for a URL, so a rendered page is kept for a short TTL and
| served without session, shield, auth, database or SSR. Invalidated in-process on catalog
| writes (model hooks, the catalog service, catalog:seed); other instances pick a write up
| when the TTL ends (CATALOG_PAGE_CACHE_TTL_MS, default 10 s), so no cross-instance signal is
| needed for a staleness of seconds (docs/decisions/hot_paths.md).
*/
import { createHash } from 'node:crypto'

export type CachedPage = {
  body: string
  headers: Record<string, string>
  etag: string
  lastModified: string
  storedAt: number
  /** Kept until (ms since the epoch): storedAt + the TTL of the request that stored it. */
  expiresAt: number
  generation: number
}

const MAX_ENTRIES = 1000

/** What a CDN and browsers may do with an anonymous catalog page. */
export const ANONYMOUS_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'

export class CatalogPageCache {
  #entries = new Map<string, CachedPage>()
  #generation = 0

  constructor(protected now: () => number = Date.now) {}

  get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (entry.generation !== this.#generation || this.now() >= entry.expiresAt) {
      this.#entries.delete(key)
      return undefined
    }
    return entry
  }

  /**
   * Keeps a rendered page for `ttlMs` (CatalogSettings, 0: not kept); returns the entry (with its ETag).
   * Bounded: the oldest entry goes first.
   */
  set(key: string, body: string, headers: Record<string, string>, generation: number, ttlMs: number): CachedPage {
    const now = this.now()
    const entry: CachedPage = {
      body,
      headers,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      lastModified: new Date(Math.floor(now / 1000) * 1000).toUTCString(),
      storedAt: now,
      expiresAt: now + ttlMs,
      generation,
    }
    // A render that started before a write must not be kept after it.
    if (generation !== this.#generation || ttlMs <= 0) return entry
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!)
    return entry
  }

  get generation() {
    return this.#generation
  }

  /** A catalog write: every cached page is dropped. */
  invalidate() {
    this.#generation++
    this.#entries.clear()
  }
}

const catalogPageCache = new CatalogPageCache()
export default catalogPageCache
