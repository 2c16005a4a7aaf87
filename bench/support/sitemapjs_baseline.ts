/*
| The reference for the sitemap time goal (issue 19): how long the `sitemap` npm package
| (sitemap.js) takes to serialise the same URLs from memory, chunk by chunk (one SitemapStream
| per 50,000-URL chunk, as our objects are cut). The URLs are read back from the objects a
| regeneration stored on the fs disk (loc, lastmod, changefreq, priority), so both sides
| serialise exactly the same 1.11M URLs; only the serialisation is timed.
| Run as its own process: `node --import=@poppinss/ts-exec bench/support/sitemapjs_baseline.ts <folder>`
| prints `{ urls, chunks, ms }`.
*/
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import { SitemapStream } from 'sitemap'

type Item = { url: string; lastmod: string; changefreq: 'weekly'; priority: number }

const ENTRY =
  /<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><changefreq>([^<]*)<\/changefreq><priority>([^<]*)<\/priority><\/url>/g
const unescape = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, name) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name as 'amp']
  )

/** Every catalog chunk object in `folder` (institutions-N, courses-N, documents-N), as items. */
export function loadChunks(folder: string): Item[][] {
  const names = readdirSync(folder)
    .filter((name) => /^(institutions|courses|documents)-\d+\.xml$/.test(name))
    .sort()
  return names.map((name) => {
    const xml = readFileSync(join(folder, name), 'utf8')
    const items: Item[] = []
    for (const match of xml.matchAll(ENTRY)) {
      items.push({
        url: unescape(match[1]),
        lastmod: match[2],
        changefreq: match[3] as 'weekly',
        priority: Number(match[4]),
      })
    }
    return items
  })
}

/** Serialises every chunk with sitemap.js into a byte sink; returns the milliseconds spent. */
export async function serialise(chunks: Item[][]): Promise<number> {
  const started = performance.now()
  for (const items of chunks) {
    let bytes = 0
    const sink = new Writable({
      write(piece, _encoding, done) {
        bytes += piece.length
        done()
      },
    })
    await pipeline(
      Readable.from(items),
      new SitemapStream({ xmlns: { news: false, xhtml: false, image: false, video: false } }),
      sink
    )
    if (bytes === 0) throw new Error('sitemap.js wrote nothing')
  }
  return performance.now() - started
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const chunks = loadChunks(process.argv[2])
  const urls = chunks.reduce((sum, items) => sum + items.length, 0)
  const ms = await serialise(chunks)
  console.log(JSON.stringify({ urls, chunks: chunks.length, ms: Math.round(ms) }))
}
