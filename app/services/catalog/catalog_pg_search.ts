/*
| Catalog search on PostgreSQL (issue 26; rules in docs/decisions/catalog.md). Two steps:
| 1. The words become lexemes that exist: each word is stemmed as `to_tsquery` would; the last
|    word's prefix is expanded to the lexemes of the word table that start with it (a GIN
|    partial match over "struct:*" cost 50–90 ms on 1M documents; a few exact lexemes cost
|    a few); in the typo fallback only the distance-1 variants whose lexeme is in the word
|    table are kept (0–3 instead of ~570 GIN probes).
| 2. The newest matches come from the newest id buckets first (PG_BUCKET_LEVELS): the GIN index
|    intersects the words with the bucket lexemes, so a word found in 70,000 documents reads
|    ~1,000 heap rows instead of 70,000. Only when a window holds fewer than the rows wanted
|    does the next, wider one run.
*/
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { PG_BUCKET_LEVELS, PG_WORDS_TABLE, pgTsvector, type SearchKind } from '#services/catalog/search_index_sql'
import { scopeConditions, typoVariants, typoWords, type Tier } from '#services/catalog/search_query'

/** A word as lexemes: any of `alternatives` (exact), or a lexeme starting with `prefix`. */
export type Term = { alternatives: string[]; prefix: string | null }
export type PgScope = { courseId?: number; institutionId?: number; viewerId: number | null }

/** A prefix that expands to more lexemes than this is left to the GIN partial match. */
const MAX_PREFIX_LEXEMES = 64
/** A window: the newest two buckets of a level (at least 2^shift ids), or the whole index. */
type Window = { tag: string; shift: number } | null

const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The lexemes of each word as the index makes them (pgTsvector; a stop word has none). */
async function lexemesOf(trx: TransactionClientContract, words: string[]): Promise<string[][]> {
  const result = await trx.rawQuery(
    `select t.i, coalesce((select array_agg(l) from unnest(tsvector_to_array(${pgTsvector('t.w')})) l), '{}') as lexemes
       from unnest(?::text[]) with ordinality t(w, i) order by t.i`,
    [words]
  )
  return result.rows.map((row: any) => row.lexemes as string[])
}

/** Lexemes of the word table starting with `stem`; null when there are too many to list. */
async function expandPrefix(trx: TransactionClientContract, stem: string): Promise<string[] | null> {
  const result = await trx.rawQuery(
    `select word from ${PG_WORDS_TABLE} where word like ? limit ${MAX_PREFIX_LEXEMES + 1}`,
    [likePrefix(stem)]
  )
  const words = result.rows.map((row: any) => String(row.word))
  return words.length > MAX_PREFIX_LEXEMES ? null : words
}

/** The lexemes of a word's distance-1 variants that exist in the word table. */
async function existingVariants(trx: TransactionClientContract, word: string): Promise<string[]> {
  const result = await trx.rawQuery(
    `select distinct l from unnest(?::text[]) v, unnest(tsvector_to_array(${pgTsvector('v')})) l
      where exists (select 1 from ${PG_WORDS_TABLE} w where w.word = l)`,
    [typoVariants(word)]
  )
  return result.rows.map((row: any) => String(row.l))
}

/**
 * The terms of a search, or null when it cannot match (a typo search whose words have no
 * existing variant). Stop words drop out, as in `to_tsquery`; a word the parser splits in two
 * needs both lexemes.
 */
async function resolveTerms(trx: TransactionClientContract, words: string[], typo: boolean): Promise<Term[] | null> {
  const lexemes = await lexemesOf(trx, words)
  const typoAt = typo ? typoWords(words) : new Set<number>()
  const terms: Term[] = []
  let corrected = false
  for (const [index, list] of lexemes.entries()) {
    if (list.length > 1) {
      for (const lexeme of list) terms.push({ alternatives: [lexeme], prefix: null })
      continue
    }
    if (!list.length && !typoAt.has(index)) continue
    const term: Term = { alternatives: [...list], prefix: null }
    const last = index === words.length - 1 && Array.from(words[index]).length >= 2
    if (last && list.length === 1) {
      const expanded = await expandPrefix(trx, list[0])
      if (expanded === null) term.prefix = list[0]
      term.alternatives = expanded ?? []
    }
    if (typoAt.has(index)) {
      const variants = await existingVariants(trx, words[index])
      if (variants.length) corrected = true
      for (const variant of variants) if (!term.alternatives.includes(variant)) term.alternatives.push(variant)
    }
    terms.push(term)
  }
  if (typo && !corrected) return null
  return terms
}

const TIER_WEIGHTS: Record<Tier, string> = { 0: 'A', 1: 'AB', 2: '' }

/** The tsquery text (lexemes verbatim, for `::tsquery`) of the terms, restricted to the fields of a tier. */
export function tsqueryText(terms: Term[], tier: Tier): string {
  const weight = TIER_WEIGHTS[tier]
  return terms
    .map((term) => {
      const options = term.alternatives.map((lexeme) => `${quote(lexeme)}${weight ? `:${weight}` : ''}`)
      if (term.prefix !== null) options.push(`${quote(term.prefix)}:*${weight}`)
      // A word with nothing left (a typo word without variants next to a corrected one) cannot match.
      if (!options.length) options.push(quote('~none'))
      return options.length === 1 ? options[0] : `(${options.join(' | ')})`
    })
    .join(' & ')
}

/**
 * The newest `limit` rows matching `tier` (cumulative) with their tier flags, window by window.
 * The first window is the smallest level's; when it has fewer than `limit` matches, the next
 * is the smallest level whose buckets hold the ids its match rate says are needed (×1.5), or
 * the whole index (a rate that low means few matches in all).
 */
async function newest(
  kind: SearchKind,
  terms: Term[],
  tier: Tier,
  limit: number,
  scope: PgScope,
  top: { trx: TransactionClientContract; id: number }
): Promise<any[]> {
  const { conditions, bindings: scopeBindings } = scopeConditions(scope)
  const scopeSql = conditions.map((condition) => ` and ${condition}`)
  const join = scopeSql.length ? ` join ${kind} r on r.id = s.id` : ''
  const match = tsqueryText(terms, tier)
  // Levels whose two newest buckets leave older rows out; beyond them the whole index answers.
  const levels = PG_BUCKET_LEVELS.filter((level) => top.id >> level.shift >= 2)
  let window: Window = levels[0] ?? null
  for (;;) {
    const bucket: number = window ? top.id >> window.shift : 0
    const within: string = window
      ? ` & (${quote(`~${window.tag}${bucket}`)} | ${quote(`~${window.tag}${bucket - 1}`)})`
      : ''
    const result: { rows: any[] } = await top.trx.rawQuery(
      `select m.id, m.vector @@ ?::tsquery as t0, m.vector @@ ?::tsquery as t1 from (
         select s.id, s.vector from ${kind}_search s${join}
          where s.vector @@ ?::tsquery and (s.is_public or s.owner_id = ?)${scopeSql.join('')}
          order by s.id desc limit ${limit}) m order by m.id desc`,
      [tsqueryText(terms, 0), tsqueryText(terms, 1), `(${match})${within}`, scope.viewerId, ...scopeBindings] as any[]
    )
    if (result.rows.length >= limit || !window) return result.rows
    const span: number = top.id - ((bucket - 1) << window.shift) + 1
    const needed: number = result.rows.length ? ((span * limit) / result.rows.length) * 1.5 : Number.POSITIVE_INFINITY
    const current: number = window.shift
    window = levels.find((level): boolean => level.shift > current && 2 ** level.shift >= needed) ?? null
  }
}

/**
 * The newest `limit` matches of `words` in `tier` (cumulative), exact first and with one typo
 * per long word when nothing matches exactly; rows carry their tier flags (t0, t1). The
 * searches may only use the GIN index (set_config … local, after the max(id) that needs the
 * primary key): with an index scan the planner walks the primary key backwards testing every
 * row whenever it overestimates the matches (4.9 s for a typo search on 1.11M rows).
 */
export function pgNewestMatches(
  kind: SearchKind,
  words: string[],
  tier: Tier,
  limit: number,
  scope: PgScope,
  mode: 'exact' | 'typo' | 'fallback' = 'fallback'
): Promise<any[]> {
  return db.transaction(async (trx) => {
    const max = await trx.from(`${kind}_search`).max('id as max').first()
    const top = { trx, id: Number(max?.max ?? 0) }
    const exact = mode === 'typo' ? null : await resolveTerms(trx, words, false)
    await trx.rawQuery(
      `select set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true), set_config('enable_seqscan', 'off', true)`
    )
    const rows = exact && exact.length ? await newest(kind, exact, tier, limit, scope, top) : []
    if (rows.length || mode === 'exact' || !typoWords(words).size) return rows
    const typo = await resolveTerms(trx, words, true)
    return typo && typo.length ? newest(kind, typo, tier, limit, scope, top) : []
  })
}
