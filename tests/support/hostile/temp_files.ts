import { randomUUID } from 'node:crypto'
import { open, readdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fromProjectRoot } from '#start/project_root'
import env from '#start/env'

/**
 * Every folder a copy of an upload could land in, with how deep to look: the OS temp folder
 * (where the body parser wrote parts by default; shared with other processes, so its top level
 * only), the app's tmp folder and the storage disk.
 */
export function copyFolders(): [string, number][] {
  return [
    [tmpdir(), 0],
    [fromProjectRoot('tmp'), 4],
    [fromProjectRoot(env.get('STORAGE_PATH') || 'storage'), 4],
  ]
}

/** A unique first line, so a leftover of this test is told apart from other processes' files. */
export function marker() {
  return `HOSTILE-IO-${randomUUID()}`
}

/** Files whose first bytes are `mark` (each path once: the storage disk may sit inside tmp/). */
export async function filesStartingWith(mark: string, folders = copyFolders()): Promise<string[]> {
  return [...new Set(await scan(mark, folders))]
}

async function scan(mark: string, folders: [string, number][]): Promise<string[]> {
  const found: string[] = []
  for (const [folder, depth] of folders) {
    let entries: string[]
    try {
      entries = await readdir(folder)
    } catch {
      continue
    }
    for (const name of entries) {
      const path = join(folder, name)
      try {
        const info = await stat(path)
        if (info.isDirectory()) {
          if (depth > 0 && !name.startsWith('.') && name !== 'node_modules')
            found.push(...(await scan(mark, [[path, depth - 1]])))
          continue
        }
        if (!info.isFile() || info.size < mark.length) continue
        const handle = await open(path, 'r')
        try {
          const { buffer } = await handle.read(Buffer.alloc(mark.length), 0, mark.length, 0)
          if (buffer.toString('utf8') === mark) found.push(path)
        } finally {
          await handle.close()
        }
      } catch {}
    }
  }
  return found
}

/** A multipart body with one file part (starting with `mark`) of about `bytes`. */
export function multipartBody(mark: string, bytes: number, filename = 'notes.txt') {
  const boundary = `----hostile${randomUUID().replace(/-/g, '')}`
  const content = Buffer.alloc(Math.max(bytes, mark.length + 1), 'a')
  content.write(`${mark}\n`, 0)
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}
