import { randomUUID } from 'node:crypto'
import { chmodSync, mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'
import { HttpContext } from '@adonisjs/core/http'
import { fromProjectRoot } from '#start/project_root'

/**
 * Where the body parser writes uploaded parts (issue 23.4): a folder under the app's tmp folder
 * that only the service's user may open (0700), not the shared OS temp folder.
 */
export const UPLOAD_TMP_DIR = fromProjectRoot('tmp/uploads')

/** A part older than this at boot was left by a process that died mid-request. */
const STALE_MS = 60 * 60 * 1000

const filesOfRequest = new WeakMap<HttpContext, string[]>()

function currentContext() {
  try {
    return HttpContext.get() ?? null
  } catch {
    return null
  }
}

/** Creates the private folder (or tightens it), and removes parts a crashed process left. */
export function preparePrivateTmpDir(now = Date.now()) {
  mkdirSync(UPLOAD_TMP_DIR, { recursive: true, mode: 0o700 })
  chmodSync(UPLOAD_TMP_DIR, 0o700)
  for (const name of readdirSync(UPLOAD_TMP_DIR)) {
    const path = join(UPLOAD_TMP_DIR, name)
    try {
      if (now - statSync(path).mtimeMs > STALE_MS) unlinkSync(path)
    } catch {}
  }
}

preparePrivateTmpDir()

/** A fresh path for an uploaded part, remembered for its request (deleted when it ends). */
export function uploadTmpFileName(request: HttpContext | null = null) {
  // Recreated if someone emptied tmp/ while the server runs (mode applies to a new folder only).
  mkdirSync(UPLOAD_TMP_DIR, { recursive: true, mode: 0o700 })
  const path = join(UPLOAD_TMP_DIR, randomUUID())
  const ctx = request ?? currentContext()
  if (ctx) {
    const list = filesOfRequest.get(ctx) ?? []
    list.push(path)
    filesOfRequest.set(ctx, list)
  }
  return path
}

/** The parts written for this request, forgotten once returned (the middleware deletes them). */
export function takeUploadTmpFiles(ctx: HttpContext): string[] {
  const list = filesOfRequest.get(ctx) ?? []
  filesOfRequest.delete(ctx)
  return list
}
