/*
| Stored sitemap objects that a row leaving the public set makes wrong (docs/rules/crawler.md#storage).
| Reads are storage-first, so without this a document made private or deleted stayed in the
| stored chunk (its slug, from its title, public) until the next weekly regeneration. Chunks are
| id positions among public rows, so every chunk from the one that listed the row onwards shifts:
| those objects and the index are deleted, and the next read renders them live and stores them
| again. Rows joining the public set need nothing: they appear at the next regeneration.
*/
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { CHUNK_SIZE, type SitemapKind } from '#services/sitemaps/constants'
import { SitemapStore } from '#services/sitemaps/sitemap_store'

@inject()
export class SitemapInvalidation {
  constructor(protected store: SitemapStore) {}

  /**
   * Call after a public row of `kind` was made private or deleted (committed). Never throws: the
   * user's change stands whatever the disk does; a failure is logged and the next regeneration
   * rewrites the objects anyway.
   */
  async rowLeftPublic(kind: SitemapKind, id: number): Promise<void> {
    if (!this.store.enabled) return
    try {
      const before = await db.from(kind).where('visibility', 'public').where('id', '<', id).count('* as total').first()
      const firstChunk = Math.floor(Number(before?.total ?? 0) / CHUNK_SIZE)
      const prefix = `${kind}-`
      const stored = await this.store.list()
      const stale = stored.filter((name) => name.startsWith(prefix) && Number(name.slice(prefix.length)) >= firstChunk)
      // The index first: it may list a chunk that no longer exists.
      if (stored.includes('index')) await this.store.delete('index')
      for (const name of stale) await this.store.delete(name)
    } catch (error) {
      logger.warn({ err: error, kind, id }, 'stale sitemap objects could not be dropped')
    }
  }
}
