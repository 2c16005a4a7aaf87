/**
 * A small memo for server renders, keyed by the serialized page object. Bounded by entry
 * count and age; pages whose JSON is large are rendered every time rather than kept.
 */
export type RenderCacheOptions = { maxEntries?: number; ttlMs?: number; maxKeyLength?: number; now?: () => number }

export function createRenderCache<R>(render: (page: unknown) => Promise<R>, options: RenderCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 200
  const ttlMs = options.ttlMs ?? 60_000
  const maxKeyLength = options.maxKeyLength ?? 256 * 1024
  const now = options.now ?? Date.now
  const entries = new Map<string, { at: number; result: Promise<R> }>()

  return function cachedRender(page: unknown): Promise<R> {
    const key = JSON.stringify(page)
    if (key.length > maxKeyLength) return render(page)
    const hit = entries.get(key)
    if (hit && now() - hit.at < ttlMs) {
      // Map order doubles as recency order: re-insert on use.
      entries.delete(key)
      entries.set(key, hit)
      return hit.result
    }
    const result = render(page)
    entries.set(key, { at: now(), result })
    // A failed render is never served from the cache.
    result.catch(() => entries.delete(key))
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
    return result
  }
}
