/*
| Test helpers of the sitemaps area: in-memory and failing sitemap stores (swapped into the
| container), xmllint validation against the sitemaps.org XSDs, and a local HTTP server.
*/
import { execFile } from 'node:child_process'
import { testKnob } from '#tests/support/test_run'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import type { Group } from '@japa/runner/core'
import drive from '@adonisjs/drive/services/main'
import app from '@adonisjs/core/services/app'

const execFileAsync = promisify(execFile)

/** The Cache-Control every sitemap, robots.txt and llms.txt answer carries. */
export const SITEMAP_CACHE = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400'
const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url))

/** A store that keeps objects in memory and records every upload. */
export class MemorySitemapStore extends SitemapStore {
  objects = new Map<string, string>()
  puts: string[] = []
  constructor() {
    super('fs')
  }
  override async get(name: string) {
    return this.objects.get(name) ?? null
  }
  override async size(name: string) {
    const body = this.objects.get(name)
    return body === undefined ? null : Buffer.byteLength(body)
  }
  override async getBytes(name: string) {
    const body = this.objects.get(name)
    return body === undefined ? null : Buffer.from(body)
  }
  override async matches(name: string, bytes: Uint8Array) {
    const body = this.objects.get(name)
    return body !== undefined && Buffer.from(body).equals(Buffer.from(bytes))
  }
  override async put(name: string, body: string | Uint8Array) {
    this.puts.push(name)
    this.objects.set(name, typeof body === 'string' ? body : Buffer.from(body).toString('utf8'))
  }
  override async delete(name: string) {
    this.objects.delete(name)
  }
  override async list() {
    return [...this.objects.keys()]
  }
}

/** A disk that is configured but fails every read and write. */
export class FailingSitemapStore extends SitemapStore {
  attempts = 0
  constructor() {
    super('fs')
  }
  override async get(): Promise<string | null> {
    throw new Error('storage unavailable (read)')
  }
  override async size(): Promise<number | null> {
    throw new Error('storage unavailable (stat)')
  }
  override async getBytes(): Promise<Uint8Array | null> {
    throw new Error('storage unavailable (read)')
  }
  override async put(): Promise<void> {
    this.attempts++
    throw new Error('storage unavailable (write)')
  }
  override async list(): Promise<string[]> {
    return []
  }
}

/** Validates an XML document with xmllint against tests/fixtures/<xsd>. */
export async function validateWithXsd(xml: string, xsd: 'sitemap.xsd' | 'siteindex.xsd') {
  const dir = await mkdtemp(join(tmpdir(), 'sitemap-xsd-'))
  const file = join(dir, 'doc.xml')
  await writeFile(file, xml)
  try {
    await execFileAsync(testKnob('XMLLINT_BIN') || 'xmllint', ['--noout', '--schema', join(fixtures, xsd), file])
    return { valid: true, output: '' }
  } catch (error: any) {
    return { valid: false, output: String(error.stderr || error.message) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export async function startLocalServer(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => handler(req, res, body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Extracts every <loc> of a sitemap document. */
export function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
}

/**
 * Regeneration takes the @adonisjs/lock database lock on its own connection, which a global
 * transaction would block on SQLite; those tests commit for real and remove their rows after.
 */
export async function snapshotForCleanup(
  tables = ['documents', 'courses', 'institutions', 'sitemap_runs', 'users', 'locks']
) {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const marks: Record<string, number> = {}
  for (const table of tables) {
    if (table === 'locks') continue
    const row = await db.from(table).max('id as max').first()
    marks[table] = Number(row?.max ?? 0)
  }
  return async () => {
    for (const table of tables) {
      if (table === 'locks') await db.from('locks').delete()
      else await db.from(table).where('id', '>', marks[table]).delete()
    }
  }
}

/** Empties the sitemap folder of the fs disk, so a test sees only the objects it stores. */
export function emptySitemapDisk() {
  return drive.use('fs').deleteAll('v2/sitemaps')
}

/**
 * A group whose sitemap store is the fs disk: each test starts from an empty sitemap folder and
 * the store is restored (and the folder emptied) after it.
 */
export function storesOnFsDisk(group: Group) {
  group.each.setup(async () => {
    await emptySitemapDisk()
    app.container.swap(SitemapStore, () => new SitemapStore('fs'))
    return async () => {
      app.container.restore(SitemapStore)
      await emptySitemapDisk()
    }
  })
}

/** Polls `check` every 25 ms until it holds (true) or `timeoutMs` passes (false). */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return false
}

/**
 * A group whose tests regenerate to the fs disk: each commits for real (the lock runs on its own
 * connection), is cleaned up after, and starts from an empty sitemap folder.
 */
export function regeneratesToDisk(group: Group) {
  group.each.setup(() => snapshotForCleanup())
  group.each.setup(() => emptySitemapDisk())
}
