import { useEffect, useState } from 'react'
import { api } from '~/lib/api'
import { urlFor } from '~/client'

/**
 * While an upload is being read on the server, how far it has come (issue 29 item 8): the
 * upload request carries a random token (header X-Upload-Token) and this polls
 * GET /api/documents/upload/progress/:token. Scanned PDF pages report "page n of m"; a 404
 * (not started, finished, or another instance) leaves the generic label.
 */
export type ReadingProgress = { stage: 'reading' | 'ocr'; page: number; pages: number }

/** A v4 UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function uploadToken(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function useReadingProgress(token: string | null): ReadingProgress | null {
  const [progress, setProgress] = useState<ReadingProgress | null>(null)
  useEffect(() => {
    setProgress(null)
    if (!token) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const view = await api<ReadingProgress>(urlFor('api.documents.uploadProgress', { token }))
        if (!stopped) setProgress(view)
      } catch {
        // Not there (yet, any more, or on this instance): keep the last label.
      }
      if (!stopped) timer = setTimeout(poll, 700)
    }
    timer = setTimeout(poll, 300)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [token])
  return progress
}

/** The label under the progress bar while the server reads the file. */
export function readingLabel(progress: ReadingProgress | null) {
  if (progress?.stage === 'ocr') return `Reading scanned page ${progress.page} of ${progress.pages}…`
  return 'Extracting text…'
}
