import db from '@adonisjs/lucid/services/db'
import type { SearchKind } from '#services/catalog/search_index_sql'
import { pgNewestMatches } from '#services/catalog/catalog_pg_search'
import { TIERS, fts5Match, scopeConditions, searchWords, typoWords, type Tier } from '#services/catalog/search_query'

/** Rows a search may see: a scope (course page, institution page) and the viewer (own private rows). */
export type SearchScope = { courseId?: number; institutionId?: number; viewerId?: number | null }
export type SearchInput = { page: number; limit: number; sort?: string }
export type SearchPage = { ids: number[]; total: number }
export type Suggestion = { kind: 'institution' | 'course' | 'document'; slug: string; title: string }

export const SUGGESTION_LIMIT = 8
/**
 * Matches counted and served per search (Meilisearch's maxTotalHits is 1,000 too): counting
 * every row of a word found in most documents costs more than the page itself.
 */
export const MAX_HITS = 1000

const SINGULAR: Record<SearchKind, Suggestion['kind']> = {
  institutions: 'institution',
  courses: 'course',
  documents: 'document',
}
const TITLE_COLUMN: Record<SearchKind, string> = { institutions: 'name', courses: 'title', documents: 'title' }

function isPg() {
  return db.connection().dialect.name === 'postgres'
}

/** SQL of the scope on the kind's table, aliased `r`. */
function scopeSql(scope: SearchScope): { sql: string; bindings: unknown[] } {
  const { conditions, bindings } = scopeConditions(scope)
  return { sql: conditions.join(' and '), bindings }
}

/** `sort` is validated upstream (SORT_KEYS); recency (id) breaks ties. */
function orderSql(sort: string) {
  const desc = sort.startsWith('-')
  const key = (desc ? sort.slice(1) : sort).replace(/[^a-z_]/g, '')
  return `r.${key} ${desc ? 'desc' : 'asc'}, r.id ${desc ? 'desc' : 'asc'}`
}

/** One tier (or the tiers down to it, `cumulative`) of a search, on either database. */
type TierQuery = { words: string[]; tier: Tier; cumulative: boolean; typo: boolean; scope: SearchScope }

/** SQLite: FROM … WHERE of a tier over the kind's table `r` (PostgreSQL: catalog_pg_search.ts). */
function fromSql(kind: SearchKind, q: TierQuery): { sql: string; bindings: unknown[] } {
  const scope = scopeSql(q.scope)
  const match = fts5Match(q.words, {
    tier: q.tier,
    cumulative: q.cumulative,
    typo: q.typo,
    viewerId: q.scope.viewerId ?? null,
  })
  return {
    sql: `from ${kind} r where r.id in (select rowid from ${kind}_fts where ${kind}_fts match ?)${scope.sql ? ` and ${scope.sql}` : ''}`,
    bindings: [match, ...scope.bindings],
  }
}

/** Whether the query can be answered from the FTS5 table alone (no scope): streams by rowid. */
function ftsOnly(q: TierQuery) {
  return q.scope.courseId === undefined && q.scope.institutionId === undefined
}

/** The FTS5 MATCH expression of a tier. */
function tierMatch(q: TierQuery) {
  return fts5Match(q.words, {
    tier: q.tier,
    cumulative: q.cumulative,
    typo: q.typo,
    viewerId: q.scope.viewerId ?? null,
  })
}

/** Matches of a tier, at most MAX_HITS. */
async function count(kind: SearchKind, q: TierQuery): Promise<number> {
  if (ftsOnly(q)) {
    const match = tierMatch(q)
    const rows = await db.rawQuery(
      `select count(*) as n from (select rowid from ${kind}_fts where ${kind}_fts match ? limit ${MAX_HITS})`,
      [match]
    )
    return Number(rows[0]?.n ?? 0)
  }
  const from = fromSql(kind, q)
  const rows = await db.rawQuery(
    `select count(*) as n from (select 1 ${from.sql} limit ${MAX_HITS}) hits`,
    from.bindings
  )
  return Number(rows[0]?.n ?? 0)
}

/** A slice of a tier's ids, newest first. */
async function ids(kind: SearchKind, q: TierQuery, slice: { limit: number; offset: number }): Promise<number[]> {
  if (slice.limit <= 0) return []
  let result
  if (ftsOnly(q)) {
    const match = tierMatch(q)
    result = await db.rawQuery(
      `select rowid as id from ${kind}_fts where ${kind}_fts match ? order by rowid desc limit ? offset ?`,
      [match, slice.limit, slice.offset]
    )
  } else {
    const from = fromSql(kind, q)
    result = await db.rawQuery(`select r.id ${from.sql} order by r.id desc limit ? offset ?`, [
      ...from.bindings,
      slice.limit,
      slice.offset,
    ])
  }
  return result.map((row: any) => Number(row.id))
}

/**
 * `limit` ids from `offset` in rank order: tier by tier (title, context, the rest), newest
 * first within a tier; a tier's size is only counted when the slice starts below it.
 */
async function ranked(
  kind: SearchKind,
  base: { words: string[]; scope: SearchScope; typo: boolean },
  offset: number,
  limit: number
) {
  const out: number[] = []
  let before = 0
  for (const tier of TIERS) {
    const query = { ...base, tier, cumulative: false }
    const start = offset + out.length - before
    const got = await ids(kind, query, { limit: limit - out.length, offset: start })
    out.push(...got)
    if (out.length >= limit) break
    before += got.length > 0 ? start + got.length : start > 0 ? await count(kind, query) : 0
  }
  return out
}

/** Rows newest first with their tier flags → ids in rank order. */
function rankRows(rows: any[]): number[] {
  const tierOf = (row: any) => (row.t0 ? 0 : row.t1 ? 1 : 2)
  return rows
    .map((row, index) => ({ id: Number(row.id), tier: tierOf(row), index }))
    .sort((a, b) => a.tier - b.tier || a.index - b.index)
    .map((row) => row.id)
}

/** An explicit sort orders the matches a search serves (at most MAX_HITS). */
async function sortedPage(kind: SearchKind, best: number[], input: SearchInput, offset: number) {
  if (!best.length) return []
  const page = await db
    .from(`${kind} as r`)
    .whereIn('r.id', best)
    .orderByRaw(orderSql(input.sort!))
    .limit(input.limit)
    .offset(offset)
    .select('r.id')
  return page.map((row: any) => Number(row.id))
}

export class CatalogSearchService {
  /**
   * One page of a search: every word, the last as a prefix, exact first and with one typo
   * per long word when nothing matches exactly. Without `sort` the rows come tier by tier
   * (title, then context, then the rest), newest first within a tier.
   */
  async search(kind: SearchKind, q: string, input: SearchInput, scope: SearchScope = {}): Promise<SearchPage> {
    const words = searchWords(q, { marks: isPg() })
    if (!words.length) return { ids: [], total: 0 }
    const base = { words, scope, typo: false }
    const offset = (input.page - 1) * input.limit
    if (isPg()) {
      // The newest MAX_HITS matches with their tier flags, ranked here.
      const best = rankRows(
        await pgNewestMatches(kind, words, 2, MAX_HITS, { ...scope, viewerId: scope.viewerId ?? null })
      )
      if (!input.sort) return { ids: best.slice(offset, offset + input.limit), total: best.length }
      return { ids: await sortedPage(kind, best, input, offset), total: best.length }
    }
    let total = await count(kind, { ...base, tier: 2, cumulative: true })
    if (total === 0 && typoWords(words).size > 0) {
      base.typo = true
      total = await count(kind, { ...base, tier: 2, cumulative: true })
    }
    if (total === 0 || offset >= total) return { ids: [], total }
    if (!input.sort) return { ids: await ranked(kind, base, offset, input.limit), total }
    return { ids: await sortedPage(kind, await ranked(kind, base, 0, MAX_HITS), input, offset), total }
  }

  /** As-you-type suggestions: public titles that hold every word, newest first, across kinds. */
  async suggest(q: string, limit = SUGGESTION_LIMIT): Promise<Suggestion[]> {
    const words = searchWords(q, { marks: isPg() })
    if (!words.length) return []
    const kinds: SearchKind[] = ['documents', 'courses', 'institutions']
    // One kind after the other: a request holds one connection at a time.
    const find = async (typo: boolean) => {
      const lists: number[][] = []
      for (const kind of kinds) {
        if (!isPg())
          lists.push(
            await ids(kind, { words, tier: 0, cumulative: true, typo, scope: { viewerId: null } }, { limit, offset: 0 })
          )
        else
          lists.push(
            (await pgNewestMatches(kind, words, 0, limit, { viewerId: null }, typo ? 'typo' : 'exact')).map(
              (row: any) => Number(row.id)
            )
          )
      }
      return lists
    }
    let found = await find(false)
    if (found.every((list) => !list.length) && typoWords(words).size > 0) found = await find(true)
    // Round robin across kinds, so each kind shows when it has a match.
    const picked: { kind: SearchKind; id: number }[] = []
    for (let i = 0; picked.length < limit && found.some((list) => i < list.length); i++) {
      for (const [k, list] of found.entries())
        if (i < list.length && picked.length < limit) picked.push({ kind: kinds[k], id: list[i] })
    }
    const rowsByKind = new Map<SearchKind, Map<number, any>>()
    for (const kind of kinds) {
      const wanted = picked.filter((entry) => entry.kind === kind).map((entry) => entry.id)
      if (!wanted.length) continue
      const rows = await db
        .from(kind)
        .whereIn('id', wanted)
        .where('visibility', 'public')
        .select('id', 'slug', `${TITLE_COLUMN[kind]} as title`)
      rowsByKind.set(kind, new Map(rows.map((row: any) => [Number(row.id), row])))
    }
    const out: Suggestion[] = []
    for (const entry of picked) {
      const row = rowsByKind.get(entry.kind)?.get(entry.id)
      if (row) out.push({ kind: SINGULAR[entry.kind], slug: String(row.slug), title: String(row.title) })
    }
    return out
  }
}
