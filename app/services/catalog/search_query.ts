/*
| Catalog `q` → the engine's query, built from sanitised words only (issue 26; rules in
| docs/decisions/catalog.md). User text never reaches FTS5 or tsquery syntax: a word is a run
| of letters and digits, so quotes, `*`, `-`, `:`, `^`, parentheses and operators such as OR,
| NOT or NEAR are either separators or plain words.
*/

/** More words than this are ignored (a 500-character paste still searches its first words). */
export const MAX_WORDS = 8
/** Longer runs are cut (no real word is longer; bounds the typo variants). */
export const MAX_WORD_LENGTH = 40
/** Words of at least this many letters forgive one typo when nothing matches exactly. */
export const TYPO_MIN_LENGTH = 5
/** At most this many words get typo variants (each adds ~26·(2n+1) index probes). */
const MAX_TYPO_WORDS = 3

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz'

/**
 * The stop words of PostgreSQL's `english` configuration (its english.stop, from Snowball).
 * PostgreSQL leaves them out of its index; FTS5 keeps them. Dropping them from every query on
 * both databases makes "history of france" find "France: a history" on SQLite as well, and
 * a query of stop words only find nothing on either.
 */
export const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is ' +
    'are was were be been being have has had having do does did doing a an the and but if or because as until ' +
    'while of at by for with about against between into through during before after above below to from up down ' +
    'in out on off over under again further then once here there when where why how all any both each few more ' +
    'most other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' ')
)

/**
 * The words of `q`: NFKC, lower-cased, ß as ss (search_fold_sql.ts), letters and digits only,
 * stop words left out, at most MAX_WORDS. A Turkish dotted capital I is an i (lower-casing it leaves i + U+0307, which
 * would split the word; both engines index "İstanbul" as "istanbul"). With `marks` (the
 * PostgreSQL path) a combining mark stays inside its word, as PostgreSQL's parser keeps
 * "हिन्दी" whole; FTS5's tokenizer splits words at marks, and so does the default.
 */
export function searchWords(q: string | undefined | null, options: { marks?: boolean } = {}): string[] {
  if (!q) return []
  const pattern = options.marks ? /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu : /[\p{L}\p{N}]+/gu
  const words =
    q
      .normalize('NFKC')
      .replace(/\u0130/g, 'I')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .match(pattern) ?? []
  return words
    .filter((word) => !STOP_WORDS.has(word))
    .slice(0, MAX_WORDS)
    .map((word) => Array.from(word).slice(0, MAX_WORD_LENGTH).join(''))
}

/**
 * Every word at edit distance 1 (deletion, transposition, substitution, insertion), stop words
 * left out: PostgreSQL does not index them, so on SQLite "theor" must not find "their" either.
 */
export function typoVariants(word: string): string[] {
  const chars = Array.from(word)
  const letters = new Set([...ALPHABET, ...chars])
  const out = new Set<string>()
  for (let i = 0; i < chars.length; i++) {
    out.add([...chars.slice(0, i), ...chars.slice(i + 1)].join(''))
    if (i + 1 < chars.length) out.add([...chars.slice(0, i), chars[i + 1], chars[i], ...chars.slice(i + 2)].join(''))
    for (const letter of letters) out.add([...chars.slice(0, i), letter, ...chars.slice(i + 1)].join(''))
  }
  for (let i = 0; i <= chars.length; i++) {
    for (const letter of letters) out.add([...chars.slice(0, i), letter, ...chars.slice(i)].join(''))
  }
  out.delete(word)
  return [...out].filter((variant) => !STOP_WORDS.has(variant))
}

/** Which words get typo variants: the longest MAX_TYPO_WORDS of at least TYPO_MIN_LENGTH letters. */
export function typoWords(words: string[]): Set<number> {
  return new Set(
    words
      .map((word, index) => ({ index, length: Array.from(word).length }))
      .filter((entry) => entry.length >= TYPO_MIN_LENGTH && !/^\p{N}+$/u.test(words[entry.index]))
      .sort((a, b) => b.length - a.length)
      .slice(0, MAX_TYPO_WORDS)
      .map((entry) => entry.index)
  )
}

/** The last word matches as a prefix once it has two characters (one letter would match nearly everything). */
function isPrefixWord(words: string[], index: number) {
  return index === words.length - 1 && Array.from(words[index]).length >= 2
}

/** Ranking tiers: every word in the title; in the title or context; anywhere. */
export type Tier = 0 | 1 | 2
export const TIERS: Tier[] = [0, 1, 2]

/* ------------------------------------------------------------------ SQLite FTS5 */

function fts5Words(words: string[], typo: boolean) {
  const typoAt = typo ? typoWords(words) : new Set<number>()
  return words
    .map((word, index) => {
      const last = isPrefixWord(words, index)
      const term = `"${word}"${last ? '*' : ''}`
      if (!typoAt.has(index)) return term
      return `(${[term, ...typoVariants(word).map((variant) => `"${variant}"`)].join(' OR ')})`
    })
    .join(' AND ')
}

const FTS5_COLUMNS: Record<Tier, string> = { 0: 'title', 1: '{title context}', 2: '{title context body}' }

/**
 * The MATCH expression of one tier (rows of that tier only) or, with `cumulative`, of the tier
 * and those above it. Private rows are excluded unless the viewer owns them.
 */
export function fts5Match(
  words: string[],
  options: { tier: Tier; cumulative: boolean; typo: boolean; viewerId: number | null }
) {
  const expression = fts5Words(words, options.typo)
  const within = (tier: Tier) => `(${FTS5_COLUMNS[tier]} : (${expression}))`
  let match = within(options.tier)
  if (!options.cumulative && options.tier > 0) match = `(${match} NOT ${within((options.tier - 1) as Tier)})`
  const hidden =
    options.viewerId === null ? `vis : "private"` : `(vis : "private" NOT vis : "owner${options.viewerId}")`
  return `${match} NOT ${hidden}`
}

/** The scope of a search (a course's or an institution's page) as conditions on the kind's table `r`. */
export function scopeConditions(scope: { courseId?: number; institutionId?: number }) {
  const conditions: string[] = []
  const bindings: unknown[] = []
  if (scope.courseId !== undefined) {
    conditions.push('r.course_id = ?')
    bindings.push(scope.courseId)
  }
  if (scope.institutionId !== undefined) {
    conditions.push('r.institution_id = ?')
    bindings.push(scope.institutionId)
  }
  return { conditions, bindings }
}
