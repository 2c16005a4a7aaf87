import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type StructuredNote from '#models/structured_note'
import type { NoteStatus } from '#models/structured_note'
import { searchable } from '#services/infra/searchable_text'

export type ListNotesInput = {
  page?: number
  limit?: number
  q?: string
  status?: NoteStatus
  has_deadline?: 'true' | 'false'
  sort?: string
}

export type NotesPage = { ids: number[]; total: number; page: number; limit: number }

/** Escapes LIKE wildcards (used with ESCAPE '\'). */
function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** What `q` searches (stored `searchable`): the title, the body and every reference's context. */
export function searchTextOf(title: string, body: string | null, contexts: string[] = []) {
  return searchable([title, body ?? '', ...contexts].join('\n'))
}

/** Filtering, sorting and text search over one owner's notes, and the stored search text. */
export class NoteSearchService {
  /** The ids of one page of the owner's notes, in order, and the total that match. */
  async findPage(user: User, input: ListNotesInput): Promise<NotesPage> {
    const page = input.page ?? 1
    const limit = input.limit ?? 20
    const status = input.status ?? 'active'
    const sort = input.sort ?? '-updated_at'

    const own = db.from('structured_notes').where('user_id', user.id).where('status', status)
    if (input.has_deadline === 'true') own.whereNotNull('deadline_at')
    if (input.has_deadline === 'false') own.whereNull('deadline_at')

    const q = searchable((input.q ?? '').trim())
    if (q) this.applySearch(own, q)
    // PostgreSQL plans `ORDER BY … LIMIT` with the window count as if the scan could stop
    // early and walks the owner's whole (user_id, status, updated_at) range, filtering the
    // text row by row. Materializing the matches first lets it use the trigram index (which
    // needs three characters; a shorter q matches most notes and the ordered walk is right).
    const query =
      q.length >= 3 && db.connection().dialect.name === 'postgres'
        ? db
            .query()
            .withMaterialized('matches', own.select('id', 'title', 'created_at', 'updated_at', 'deadline_at'))
            .from('matches')
        : own
    const countQuery = query.clone()

    const desc = sort.startsWith('-')
    const column = desc ? sort.slice(1) : sort
    const direction = desc ? 'desc' : 'asc'
    if (column === 'deadline_at') {
      query.orderByRaw(`(deadline_at IS NULL) ASC, deadline_at ${direction}`)
    } else if (column === 'title') {
      query.orderByRaw(`LOWER(title) ${direction}`)
    } else {
      query.orderBy(column, direction)
    }
    query.orderBy('id', direction)

    // One pass: the page and the total (window count) together; a page past the end
    // has no row to carry the total, so it is counted separately.
    const rows = await query
      .select('id', db.raw('COUNT(*) OVER () AS total_count'))
      .offset((page - 1) * limit)
      .limit(limit)
    let total = rows.length ? Number(rows[0].total_count) : 0
    if (!rows.length && page > 1) {
      const countRow = await countQuery.count('* as total').first()
      total = Number(countRow?.total ?? 0)
    }
    return { ids: rows.map((r: any) => Number(r.id)), total, page, limit }
  }

  /**
   * `q`: a case-insensitive substring of title, body or reference context (search_text is
   * stored lowercased). PostgreSQL: LIKE served by the (user_id, search_text) GIN trigram
   * index, which intersects the caller's notes with the matches. SQLite: instr()
   * over the caller's notes only, read from the covering (user_id, status, updated_at,
   * search_text) index — bounded by one user's notes whatever the table size (a global
   * FTS5 trigram index measured 20-40x slower for common terms, docs/decisions/notes.md).
   */
  private applySearch(query: any, q: string) {
    if (db.connection().dialect.name === 'postgres') {
      query.whereRaw(`search_text LIKE ? ESCAPE '\\'`, [likePattern(q)])
      return
    }
    query.whereRaw('instr(search_text, ?) > 0', [q])
  }

  /** Recomputes the lowercased search text: title, body and every reference's context. */
  async refreshSearchText(note: StructuredNote, trx?: TransactionClientContract) {
    const refs = await db
      .from('structured_note_references')
      .if(trx, (q) => q.useTransaction(trx!))
      .where('note_id', note.id)
      .whereNotNull('context')
      .orderBy('position')
      .select('context')
    const text = searchTextOf(
      note.title,
      note.body,
      refs.map((r: any) => r.context as string)
    )
    if (text !== note.searchText) {
      await db
        .from('structured_notes')
        .if(trx, (q) => q.useTransaction(trx!))
        .where('id', note.id)
        .update({ search_text: text })
      note.searchText = text
    }
  }
}
