import db from '@adonisjs/lucid/services/db'
import type { SearchKind } from '#services/catalog/search_index_sql'
import { PG_CONFIG } from '#services/catalog/search_index_sql'
import { TIERS, fts5Match, searchWords, tsquery, typoWords, type Tier } from '#services/catalog/search_query'

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
/** PostgreSQL: the newest ids a common word is looked for first (pgRanked). */
const RECENT_WINDOW = 20_000

const SINGULAR: Record<SearchKind, Suggestion['kind']> = { institutions: 'institution', courses: 'course', documents: 'document' }
const TITLE_COLUMN: Record<SearchKind, string> = { institutions: 'name', courses: 'title', documents: 'title' }

function isPg() {
  return db.connection().dialect.name === 'postgres'
}

/** SQL of the scope on the kind's table, aliased `r`. */
function scopeSql(scope: SearchScope): { sql: string; bindings: unknown[] } {
  const parts: string[] = []
  const bindings: unknown[] = []
  if (scope.courseId !== undefined) {
    parts.push('r.course_id = ?')
    bindings.push(scope.courseId)
  }
  if (scope.institutionId !== undefined) {
    parts.push('r.institution_id = ?')
    bindings.push(scope.institutionId)
  }
  return { sql: parts.join(' and '), bindings }
}

/** `sort` is validated upstream (SORT_KEYS); recency (id) breaks ties. */
function orderSql(sort: string) {
  const desc = sort.startsWith('-')
  const key = (desc ? sort.slice(1) : sort).replace(/[^a-z_]/g, '')
  return `r.${key} ${desc ? 'desc' : 'asc'}, r.id ${desc ? 'desc' : 'asc'}`
}

/** One tier (or the tiers down to it, `cumulative`) of a search, on either database. */
type TierQuery = { words: string[]; tier: Tier; cumulative: boolean; typo: boolean; scope: SearchScope }

/** FROM … WHERE of a tier; on PostgreSQL the kind's table `r` is joined only when a scope reads it. */
function fromSql(kind: SearchKind, q: TierQuery): { sql: string; bindings: unknown[] } {
  const scope = scopeSql(q.scope)
  const viewerId = q.scope.viewerId ?? null
  if (isPg()) {
    const tsq = `to_tsquery('${PG_CONFIG}', ?)`
    let where = `s.vector @@ ${tsq} and (s.is_public or s.owner_id = ?)`
    const bindings: unknown[] = [tsquery(q.words, q.tier, q.typo), viewerId]
    if (!q.cumulative && q.tier > 0) {
      where += ` and not s.vector @@ ${tsq}`
      bindings.push(tsquery(q.words, (q.tier - 1) as Tier, q.typo))
    }
    const join = scope.sql ? ` join ${kind} r on r.id = s.id` : ''
    return { sql: `from ${kind}_search s${join} where ${where}${scope.sql ? ` and ${scope.sql}` : ''}`, bindings: [...bindings, ...scope.bindings] }
  }
  const match = fts5Match(q.words, { tier: q.tier, cumulative: q.cumulative, typo: q.typo, viewerId })
  return {
    sql: `from ${kind} r where r.id in (select rowid from ${kind}_fts where ${kind}_fts match ?)${scope.sql ? ` and ${scope.sql}` : ''}`,
    bindings: [match, ...scope.bindings],
  }
}

/** Whether the query can be answered from the FTS5 table alone (no scope): streams by rowid. */
function ftsOnly(q: TierQuery) {
  return !isPg() && q.scope.courseId === undefined && q.scope.institutionId === undefined
}

/** Matches of a tier, at most MAX_HITS. */
async function count(kind: SearchKind, q: TierQuery): Promise<number> {
  if (ftsOnly(q)) {
    const match = fts5Match(q.words, { tier: q.tier, cumulative: q.cumulative, typo: q.typo, viewerId: q.scope.viewerId ?? null })
    const rows = await db.rawQuery(`select count(*) as n from (select rowid from ${kind}_fts where ${kind}_fts match ? limit ${MAX_HITS})`, [match])
    return Number(rows[0]?.n ?? 0)
  }
  const from = fromSql(kind, q)
  const result = await db.rawQuery(`select count(*) as n from (select 1 ${from.sql} limit ${MAX_HITS}) hits`, from.bindings)
  const rows = isPg() ? result.rows : result
  return Number(rows[0]?.n ?? 0)
}

/** A slice of a tier's ids, newest first. */
async function ids(kind: SearchKind, q: TierQuery, slice: { limit: number; offset: number }): Promise<number[]> {
  if (slice.limit <= 0) return []
  let result
  if (ftsOnly(q)) {
    const match = fts5Match(q.words, { tier: q.tier, cumulative: q.cumulative, typo: q.typo, viewerId: q.scope.viewerId ?? null })
    result = await db.rawQuery(`select rowid as id from ${kind}_fts where ${kind}_fts match ? order by rowid desc limit ? offset ?`, [
      match,
      slice.limit,
      slice.offset,
    ])
  } else {
    const from = fromSql(kind, q)
    const table = !isPg() || from.sql.includes(` join ${kind} r `) ? 'r' : 's'
    result = await db.rawQuery(`select ${table}.id ${from.sql} order by ${table}.id desc limit ? offset ?`, [...from.bindings, slice.limit, slice.offset])
  }
  const rows = isPg() ? result.rows : result
  return rows.map((row: any) => Number(row.id))
}

/**
 * `limit` ids from `offset` in rank order: tier by tier (title, context, the rest), newest
 * first within a tier; a tier's size is only counted when the slice starts below it.
 */
async function ranked(kind: SearchKind, base: { words: string[]; scope: SearchScope; typo: boolean }, offset: number, limit: number) {
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

/**
 * PostgreSQL: the newest MAX_HITS matches with their tier flags, in one query, ranked here.
 * Per-tier queries (`@@ q1 and not @@ q0 order by id desc limit 20`) let the planner walk the
 * primary key backwards through every row when a tier is empty (its estimate cannot see the
 * NOT): 200 ms on 100k rows. Without the NOT it walks only until MAX_HITS matches, or takes
 * the GIN index for a rare word.
 */
async function pgRanked(kind: SearchKind, base: { words: string[]; scope: SearchScope; typo: boolean }): Promise<number[]> {
  const from = fromSql(kind, { ...base, tier: 2, cumulative: true })
  const tsq = `to_tsquery('${PG_CONFIG}', ?)`
  // The tier flags are computed for the MAX_HITS rows kept only (a typo query's are costly).
  const select = (where: string) => `select m.id, m.vector @@ ${tsq} as t0, m.vector @@ ${tsq} as t1
    from (select s.id, s.vector ${from.sql}${where} order by s.id desc limit ${MAX_HITS}) m order by m.id desc`
  const bindings = [tsquery(base.words, 0, base.typo), tsquery(base.words, 1, base.typo), ...from.bindings] as any[]
  const sql = select('')
  /*
   * A word in many rows ("data struct": 71k of 1M) is found among the newest rows: the GIN
   * bitmap the planner picks from its low estimate reads all 71k rows (500 ms), a scan of the
   * newest RECENT_WINDOW ids stops early. When that window holds MAX_HITS matches they are the
   * newest matches; otherwise the whole index answers.
   */
  if (!base.typo) {
    const top = await db.from(`${kind}_search`).max('id as max').first()
    const bound = Math.max(0, Number(top?.max ?? 0) - RECENT_WINDOW)
    if (bound > 0) {
      const recent = await db.rawQuery(select(` and s.id > ${bound}`), bindings)
      if (recent.rows.length >= MAX_HITS) return rankRows(recent.rows)
    }
  }
  /*
   * A typo query ORs ~570 variants; the planner sums their selectivities, expects half the
   * table and walks the primary key backwards, testing the whole query on each row (4.9 s on
   * 1.11M). Only the GIN index is allowed for it: unknown variants cost one entry lookup each.
   */
  const result = base.typo
    ? await db.transaction(async (trx) => {
        await trx.rawQuery('set local enable_indexscan = off')
        await trx.rawQuery('set local enable_seqscan = off')
        return trx.rawQuery(sql, bindings)
      })
    : await db.rawQuery(sql, bindings)
  return rankRows(result.rows)
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
    const words = searchWords(q)
    if (!words.length) return { ids: [], total: 0 }
    const base = { words, scope, typo: false }
    const offset = (input.page - 1) * input.limit
    if (isPg()) {
      let best = await pgRanked(kind, base)
      if (!best.length && typoWords(words).size > 0) best = await pgRanked(kind, { ...base, typo: true })
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
    const words = searchWords(q)
    if (!words.length) return []
    const kinds: SearchKind[] = ['documents', 'courses', 'institutions']
    // One kind after the other: a request holds one connection at a time.
    const find = async (typo: boolean) => {
      const lists: number[][] = []
      for (const kind of kinds) lists.push(await ids(kind, { words, tier: 0, cumulative: true, typo, scope: { viewerId: null } }, { limit, offset: 0 }))
      return lists
    }
    let found = await find(false)
    if (found.every((list) => !list.length) && typoWords(words).size > 0) found = await find(true)
    // Round robin across kinds, so each kind shows when it has a match.
    const picked: { kind: SearchKind; id: number }[] = []
    for (let i = 0; picked.length < limit && found.some((list) => i < list.length); i++) {
      for (const [k, list] of found.entries()) if (i < list.length && picked.length < limit) picked.push({ kind: kinds[k], id: list[i] })
    }
    const rowsByKind = new Map<SearchKind, Map<number, any>>()
    for (const kind of kinds) {
      const wanted = picked.filter((entry) => entry.kind === kind).map((entry) => entry.id)
      if (!wanted.length) continue
      const rows = await db.from(kind).whereIn('id', wanted).where('visibility', 'public').select('id', 'slug', `${TITLE_COLUMN[kind]} as title`)
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

const catalogSearchService = new CatalogSearchService()
export default catalogSearchService
