/*
| Where sitemap objects live: the @adonisjs/drive disk named by SITEMAP_DISK (docs/rules/crawler.md#sitemaps;
| a disk missing its settings counts as unset, config/drive.ts),
| objects at v2/sitemaps/<name>.xml with Cache-Control public, max-age=604800. Unset means no
| storage: reads render live and regeneration only logs (docs/rules/crawler.md#storage). Resolved from the
| container, so tests swap in a failing or in-memory store.
*/
import { storage } from '#config/drive'
import drive from '@adonisjs/drive/services/main'
import { objectKey, SITEMAP_OBJECT_CACHE_CONTROL, SITEMAP_OBJECT_PREFIX } from '#services/sitemaps/constants'

export type SitemapDiskName = 'fs' | 'gcs' | 's3'

export class SitemapStore {
  readonly diskName: SitemapDiskName | null

  // A default value (not `?`) keeps constructor.length at 0 so the container can build it.
  constructor(diskName: SitemapDiskName | null | undefined = undefined) {
    this.diskName = diskName === undefined ? storage.sitemaps : diskName
  }

  get enabled(): boolean {
    return this.diskName !== null
  }

  protected disk() {
    if (!this.diskName) throw new Error('No sitemap disk is configured')
    return drive.use(this.diskName as any)
  }

  /** What `read` gets of the stored object, or null when there is no storage or no such object. */
  protected async readStored<T>(
    name: string,
    read: (disk: ReturnType<SitemapStore['disk']>, key: string) => Promise<T>
  ): Promise<T | null> {
    if (!this.enabled) return null
    const disk = this.disk()
    const key = objectKey(name)
    if (!(await disk.exists(key))) return null
    return read(disk, key)
  }

  /** The stored object, or null when it does not exist. */
  async get(name: string): Promise<string | null> {
    return this.readStored(name, (disk, key) => disk.get(key))
  }

  /** The stored object's bytes, or null when it does not exist. */
  async getBytes(name: string): Promise<Uint8Array | null> {
    return this.readStored(name, (disk, key) => disk.getBytes(key))
  }

  /** Size in bytes of the stored object, or null when it does not exist. */
  async size(name: string): Promise<number | null> {
    return this.readStored(name, async (disk, key) => (await disk.getMetaData(key)).contentLength)
  }

  /**
   * Whether the stored object holds exactly `bytes`: the size first (a stat), then the bytes,
   * streamed in small pieces so a regeneration never holds a second copy of a chunk.
   */
  async matches(name: string, bytes: Uint8Array): Promise<boolean> {
    if (!this.enabled) return false
    const size = await this.size(name)
    if (size !== bytes.length) return false
    const expected = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const stream = await this.disk().getStream(objectKey(name))
    let offset = 0
    try {
      for await (const piece of stream) {
        const part = piece as Buffer
        if (offset + part.length > expected.length) return false
        if (!part.equals(expected.subarray(offset, offset + part.length))) return false
        offset += part.length
      }
    } finally {
      stream.destroy()
    }
    return offset === expected.length
  }

  async put(name: string, body: string | Uint8Array): Promise<void> {
    await this.disk().put(objectKey(name), body, {
      contentType: 'application/xml; charset=utf-8',
      cacheControl: SITEMAP_OBJECT_CACHE_CONTROL,
    })
  }

  async delete(name: string): Promise<void> {
    await this.disk().delete(objectKey(name))
  }

  /** Names (without prefix and .xml) of every stored object. */
  async list(): Promise<string[]> {
    if (!this.enabled) return []
    const { objects } = await this.disk().listAll(SITEMAP_OBJECT_PREFIX, { recursive: false })
    const names: string[] = []
    for (const object of objects) {
      if (!object.isFile) continue
      const match = /([^/]+)\.xml$/.exec(object.key)
      if (match) names.push(match[1])
    }
    return names
  }
}
