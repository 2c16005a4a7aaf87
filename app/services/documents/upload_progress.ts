/**
 * How far the reading of an upload has come, for the upload dialog's "Reading scanned page 2
 * of 5" (issue 29 item 8). The browser names its upload with a random token (header
 * X-Upload-Token) and polls GET /api/documents/upload/progress/:token while the upload request
 * is open, for the owner only. Kept in memory, and with REDIS_URL also in Redis (15 min TTL), so
 * a poll that the load balancer sends to another instance than the upload's sees it too
 * (docs/rules/operations.md#instances). Redis failing costs only that: the poll gets 404 and the
 * dialog keeps its generic "Reading the file…"; the upload itself never waits on it.
 */
import logger from '@adonisjs/core/services/logger'
import { redisUrl } from '#config/redis'

export type UploadProgressView = { stage: 'reading' | 'ocr'; page: number; pages: number }

/** Where every instance reads what one instance wrote (Redis; tests give their own). */
export interface SharedProgress {
  set(key: string, value: string, ttlMs: number): Promise<unknown>
  get(key: string): Promise<string | null>
  del(key: string): Promise<unknown>
}

const TTL_MS = 15 * 60 * 1000
const MAX_ENTRIES = 10_000

/** The app's Redis connection `main` (prefix `studyhub:`), opened on first use. */
async function redisProgress(): Promise<SharedProgress> {
  const { default: redis } = await import('@adonisjs/redis/services/main')
  return {
    set: (key, value, ttlMs) => redis.set(key, value, 'PX', ttlMs),
    get: (key) => redis.get(key),
    del: (key) => redis.del(key),
  }
}

export class UploadProgressStore {
  #entries = new Map<string, { view: UploadProgressView; expires: number }>()
  #shared: Promise<SharedProgress> | null

  constructor(shared: (() => Promise<SharedProgress>) | null = redisUrl ? redisProgress : null) {
    this.#shared = shared ? Promise.resolve().then(shared) : null
    this.#shared?.catch(() => {})
  }

  #key(userId: number, token: string) {
    return `${userId}:${token}`
  }

  /** Writes the shared copy in the background (one connection keeps the writes in order). */
  #share(what: string, write: (shared: SharedProgress, key: string) => Promise<unknown>, key: string) {
    this.#shared
      ?.then((shared) => write(shared, `upload_progress:${key}`))
      .catch((error) => logger.debug({ err: error }, `upload progress: shared ${what} failed`))
  }

  set(userId: number, token: string, view: UploadProgressView) {
    const now = Date.now()
    if (this.#entries.size >= MAX_ENTRIES) {
      for (const [key, entry] of this.#entries) if (entry.expires < now) this.#entries.delete(key)
      // Still full: the oldest entry goes (a Map keeps insertion order).
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!)
    }
    const key = this.#key(userId, token)
    this.#entries.set(key, { view, expires: now + TTL_MS })
    this.#share('write', (shared, k) => shared.set(k, JSON.stringify(view), TTL_MS), key)
  }

  async get(userId: number, token: string): Promise<UploadProgressView | null> {
    const key = this.#key(userId, token)
    const entry = this.#entries.get(key)
    if (entry && entry.expires >= Date.now()) return entry.view
    if (!this.#shared) return null
    try {
      const value = await (await this.#shared).get(`upload_progress:${key}`)
      return value ? (JSON.parse(value) as UploadProgressView) : null
    } catch (error) {
      logger.debug({ err: error }, 'upload progress: shared read failed')
      return null
    }
  }

  delete(userId: number, token: string) {
    const key = this.#key(userId, token)
    this.#entries.delete(key)
    this.#share('delete', (shared, k) => shared.del(k), key)
  }
}

export const uploadProgress = new UploadProgressStore()
