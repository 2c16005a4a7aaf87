/**
 * How far the reading of an upload has come, for the upload dialog's "Reading scanned page 2
 * of 5" (issue 29 item 8). The browser names its upload with a random token (header
 * X-Upload-Token) and polls GET /api/documents/upload/progress/:token while the upload request
 * is open. Kept in memory, per process, for the owner only: a poll that reaches another
 * instance gets a 404 and the dialog keeps its generic "Reading the file…".
 */
export type UploadProgressView = { stage: 'reading' | 'ocr'; page: number; pages: number }

const TTL_MS = 15 * 60 * 1000
const MAX_ENTRIES = 10_000

class UploadProgressStore {
  #entries = new Map<string, { view: UploadProgressView; expires: number }>()

  #key(userId: number, token: string) {
    return `${userId}:${token}`
  }

  set(userId: number, token: string, view: UploadProgressView) {
    const now = Date.now()
    if (this.#entries.size >= MAX_ENTRIES) {
      for (const [key, entry] of this.#entries) if (entry.expires < now) this.#entries.delete(key)
      // Still full: the oldest entry goes (a Map keeps insertion order).
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!)
    }
    this.#entries.set(this.#key(userId, token), { view, expires: now + TTL_MS })
  }

  get(userId: number, token: string): UploadProgressView | null {
    const entry = this.#entries.get(this.#key(userId, token))
    if (!entry || entry.expires < Date.now()) return null
    return entry.view
  }

  delete(userId: number, token: string) {
    this.#entries.delete(this.#key(userId, token))
  }
}

export const uploadProgress = new UploadProgressStore()
