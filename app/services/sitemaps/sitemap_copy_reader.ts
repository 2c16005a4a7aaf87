/*
| The regeneration's row reader on PostgreSQL (issue 19): one `COPY (SELECT …) TO STDOUT` per
| kind instead of a keyset query per page. The server streams the public rows in id order as
| text lines; they are cut into the same reused RowPage objects the keyset reader fills, with
| `updated_at` converted by the same pgTimestamptzLastmod, so the objects' bytes do not change.
| A pooled connection is held for the kind's scan only.
*/
import db from '@adonisjs/lucid/services/db'
import { to as copyTo } from 'pg-copy-streams'
import type { Readable } from 'node:stream'
import type { SitemapKind } from '#services/sitemaps/constants'
import { pgTimestamptzLastmod, type RowPage } from '#services/sitemaps/sitemap_row_reader'
import { toIsoUtc, toLastmod } from '#services/sitemaps/xml'

const NEWLINE = 0x0a
const TAB = 0x09
const ESCAPES: Record<string, string> = { 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', '\\': '\\' }

/** A field of COPY's text format: backslash escapes undone; `\N` is null. */
export function unescapeField(field: string): string | null {
  if (field === '\\N') return null
  if (!field.includes('\\')) return field
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, code: string) => {
    if (code[0] === 'x') return String.fromCharCode(Number.parseInt(code.slice(1), 16))
    if (/^[0-7]/.test(code)) return String.fromCharCode(Number.parseInt(code, 8))
    return ESCAPES[code] ?? code
  })
}

/** True when this connection can stream a COPY (PostgreSQL outside a transaction). */
export function canCopyRows() {
  const client = db.connection()
  return !client.isTransaction && client.dialect.name === 'postgres'
}

export async function* copyRowPages(kind: SitemapKind, pageSize: number): AsyncGenerator<RowPage> {
  const knexClient = (db.connection().getReadClient() as any).client
  const connection = await knexClient.acquireConnection()
  const pages: RowPage[] = [0, 1].map(() => ({ length: 0, ids: [], slugs: [], lastmods: [] }))
  let turn = 0
  let page = pages[turn]
  page.length = 0
  const sql = `COPY (SELECT id, slug, updated_at::text FROM ${kind} WHERE visibility = 'public' ORDER BY id) TO STDOUT`
  const stream: Readable = connection.query(copyTo(sql))
  try {
    let rest: Buffer | null = null
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const data: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk
      let start = 0
      for (let end = data.indexOf(NEWLINE, start); end !== -1; end = data.indexOf(NEWLINE, start)) {
        // id <TAB> slug <TAB> updated_at, cut in place (no split, no per-line string of the row)
        const slugAt = data.indexOf(TAB, start) + 1
        const stampAt = data.indexOf(TAB, slugAt) + 1
        const i = page.length++
        let id = 0
        for (let k = start; k < slugAt - 1; k++) id = id * 10 + data[k] - 48
        page.ids[i] = id
        const slug = data.toString('utf8', slugAt, stampAt - 1)
        page.slugs[i] = slug.includes('\\') ? String(unescapeField(slug)) : slug
        const text = unescapeField(data.toString('latin1', stampAt, end))
        page.lastmods[i] = text === null ? toLastmod(toIsoUtc(null)) : pgTimestamptzLastmod(text)
        start = end + 1
        if (page.length === pageSize) {
          yield page
          page = pages[(turn ^= 1)]
          page.length = 0
        }
      }
      rest = start < data.length ? data.subarray(start) : null
    }
    if (page.length) yield page
  } finally {
    stream.destroy()
    await knexClient.releaseConnection(connection)
  }
}
