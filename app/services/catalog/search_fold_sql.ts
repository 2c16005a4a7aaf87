/*
| PostgreSQL's half of accent folding for the catalog index (search_index_sql.ts): the SQL function
| every vector and query word goes through, so "cafe" finds "Café" as it does on SQLite.
*/
export const PG_CONFIG = 'english'

/**
 * Latin letters with diacritics → their base letter, as FTS5's `remove_diacritics 2` folds
 * them (compared code point by code point over Latin-1, Latin Extended-A/B and Latin Extended
 * Additional: the same map but for Ǡ/ǡ). Greek and Cyrillic keep their marks on both
 * databases (FTS5 does not fold them). PostgreSQL's `english` configuration folds nothing, so
 * "café" and "cafe" used to meet on SQLite only.
 */
function latinFoldPairs(): { from: string; to: string } {
  let from = ''
  let to = ''
  for (const [first, last] of [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ]) {
    for (let cp = first; cp <= last; cp++) {
      const char = String.fromCodePoint(cp)
      const parts = char.normalize('NFD')
      if (parts.length > 1 && /^[A-Za-z]\p{Mn}+$/u.test(parts)) {
        from += char
        to += parts[0]
      }
    }
  }
  return { from: `${from}ſẛ`, to: `${to}ss` }
}

/**
 * Letters that query words lose to NFKC and lower-casing but the index would keep: the ligatures
 * PDF titles carry ("ﬁnance" was found by no query, as the query "ﬁnance" becomes "finance") and
 * the sharp s, which German writes as "ss" too ("Strasse" for "Straße"). Both databases' index
 * texts go through these, and searchWords() maps ß the same way.
 */
const COMPATIBILITY_FOLDS: [string, string][] = [
  ['ß', 'ss'],
  ['ẞ', 'ss'],
  ['ﬀ', 'ff'],
  ['ﬁ', 'fi'],
  ['ﬂ', 'fl'],
  ['ﬃ', 'ffi'],
  ['ﬄ', 'ffl'],
  ['ﬅ', 'st'],
  ['ﬆ', 'st'],
]

function replaceCompatibility(text: string) {
  return COMPATIBILITY_FOLDS.reduce((sql, [from, to]) => `replace(${sql}, '${from}', '${to}')`, text)
}

/**
 * SQLite: an index text with the compatibility letters folded. Only a text holding their UTF-8
 * lead bytes pays the nine replaces (ß C3 9F, ẞ E1 BA 9E, ligatures EF AC): an ASCII text is
 * told by its byte length alone, and a GLOB test cost as much as the replaces.
 */
export function sqliteFold(text: string) {
  const value = `(${text})`
  const bytes = `cast(${value} as blob)`
  const holds = ["x'C39F'", "x'E1BA9E'", "x'EFAC'"].map((lead) => `instr(${bytes}, ${lead}) > 0`).join(' or ')
  return `(case when length(${value}) <> length(${bytes}) and (${holds}) then ${replaceCompatibility(value)} else ${value} end)`
}

/** The SQL function every PostgreSQL vector and query word goes through (`language sql immutable`: inlined). */
export const PG_FOLD_FUNCTION = 'catalog_search_fold'

export function pgFoldFunctionStatement() {
  const { from, to } = latinFoldPairs()
  // translate() scans its 490-letter list for every character (~1 ms for a title): only texts
  // holding a letter of those blocks pay it, the rest (most titles, en dashes included) a regex test.
  return `create or replace function ${PG_FOLD_FUNCTION}(t text) returns text language sql immutable strict parallel safe
    as $$ select case when t ~ '[\u00c0-\u024f\u1e00-\u1eff\ufb00-\ufb06]' then translate(${replaceCompatibility('t')}, '${from}', '${to}') else t end $$`
}

/** `to_tsvector` of a text with its Latin diacritics folded: the index and the query words alike. */
export function pgTsvector(text: string) {
  return `to_tsvector('${PG_CONFIG}', ${PG_FOLD_FUNCTION}(${text}))`
}
