/*
| The catalog full-text index (issue 26), one per kind, on both databases. Every row is
| indexed in three weighted fields, which the ranking tiers read (docs/decisions/catalog.md):
|   title   – institution name / course title / document title
|   context – institutions: city, country; courses: code, institution name;
|             documents: course title and code, institution name
|   body    – description (documents: plus seo_content and topic_tags)
| - SQLite: a contentless FTS5 table `<kind>_fts` (porter + unicode61), with a fourth column
|   `vis` that holds "private owner<id>" for a private row and nothing for a public one, so
|   the visibility rule is part of the MATCH and counts need no join.
| - PostgreSQL: a table `<kind>_search (id, is_public, owner_id, vector)` with a GIN index on
|   the tsvector (`english`; weights A/B/C for title/context/body), and a word table.
| Triggers keep them current on every write; catalog:seed suspends them and fills in bulk.
*/

import { CASCADES, SEARCH_KINDS, SOURCES, WATCHED, type SearchKind } from '#services/catalog/search_index_sources'
import { PG_FOLD_FUNCTION, pgFoldFunctionStatement, pgTsvector, sqliteFold } from '#services/catalog/search_fold_sql'

export { SEARCH_KINDS, type SearchKind } from '#services/catalog/search_index_sources'

/* ------------------------------------------------------------------ SQLite */

export const SQLITE_TOKENIZER = 'porter unicode61 remove_diacritics 2'

function sqliteSelect(kind: SearchKind, where: string) {
  const s = SOURCES[kind]
  const vis = `case when ${s.visibility} = 'public' then '' else 'private owner' || coalesce(${s.owner}, 0) end`
  return `select r.id, ${sqliteFold(s.title)}, ${sqliteFold(s.context)}, ${sqliteFold(s.body)}, ${vis} from ${s.from} where ${where}`
}

function sqliteInsert(kind: SearchKind, where: string) {
  return `insert into ${kind}_fts (rowid, title, context, body, vis) ${sqliteSelect(kind, where)}`
}

export function sqliteCreateStatements(): string[] {
  const statements: string[] = []
  for (const kind of SEARCH_KINDS) {
    statements.push(
      `create virtual table if not exists ${kind}_fts using fts5(title, context, body, vis, content='', contentless_delete=1, detail=column, prefix='2 3 4', tokenize='${SQLITE_TOKENIZER}')`,
      `create trigger if not exists ${kind}_fts_ai after insert on ${kind} begin ${sqliteInsert(kind, 'r.id = new.id')}; end`,
      `create trigger if not exists ${kind}_fts_au after update of ${WATCHED[kind].join(', ')} on ${kind} begin
        delete from ${kind}_fts where rowid = old.id; ${sqliteInsert(kind, 'r.id = new.id')}; end`,
      `create trigger if not exists ${kind}_fts_ad after delete on ${kind} begin delete from ${kind}_fts where rowid = old.id; end`
    )
  }
  for (const [n, cascade] of CASCADES.entries()) {
    const child = cascade.child
    statements.push(
      `create trigger if not exists ${cascade.parent}_fts_cascade_${n} after update of ${cascade.columns.join(', ')} on ${cascade.parent} begin
        delete from ${child}_fts where rowid in (select r.id from ${child} r where ${cascade.where});
        ${sqliteInsert(child, cascade.where)}; end`
    )
  }
  return statements
}

export function sqliteDropStatements(): string[] {
  const statements: string[] = []
  for (const [n, cascade] of CASCADES.entries())
    statements.push(`drop trigger if exists ${cascade.parent}_fts_cascade_${n}`)
  for (const kind of SEARCH_KINDS) {
    for (const suffix of ['ai', 'au', 'ad']) statements.push(`drop trigger if exists ${kind}_fts_${suffix}`)
    statements.push(`drop table if exists ${kind}_fts`)
  }
  return statements
}

/* ------------------------------------------------------------------ PostgreSQL */

export { PG_CONFIG, PG_FOLD_FUNCTION, pgTsvector } from '#services/catalog/search_fold_sql'

/**
 * Every vector also holds position-less "bucket" lexemes `~z<id >> 10>` … `~c<id >> 18>` (1k,
 * 4k, 32k, 262k ids) that no query word can produce (words are letters and digits). A search
 * asks the GIN index for the matches among the newest two buckets of a level first
 * (catalog_pg_search.ts): the index intersects them with the words, so the heap rows of a
 * common word's older matches are never read. Two entries per window: an OR of
 * 30 small buckets made the GIN scan 5x slower than the words alone.
 */
export const PG_BUCKET_LEVELS = [
  { tag: 'z', shift: 10 },
  { tag: 'a', shift: 12 },
  { tag: 'b', shift: 15 },
  { tag: 'c', shift: 18 },
] as const
const bucketSql = (id: string) =>
  `array_to_tsvector(array[${PG_BUCKET_LEVELS.map((level) => `'~${level.tag}' || (${id} >> ${level.shift})::text`).join(', ')}])`

/** Title (A), body (C), context (B): in the order the bulk fill concatenates them, so both give the same vector. */
function pgSelect(kind: SearchKind, where: string) {
  const s = SOURCES[kind]
  const vector =
    `setweight(${pgTsvector(s.title)}, 'A') || ` +
    `setweight(${pgTsvector(s.body)}, 'C') || ` +
    `setweight(${pgTsvector(s.context)}, 'B') || ${bucketSql('r.id')}`
  return `select r.id as id, ${s.visibility} = 'public' as is_public, cast(${s.owner} as integer) as owner_id, ${vector} as vector from ${s.from} where ${where}`
}

function pgUpsert(kind: SearchKind, where: string) {
  return `insert into ${kind}_search (id, is_public, owner_id, vector) ${pgSelect(kind, where)}
    on conflict (id) do update set is_public = excluded.is_public, owner_id = excluded.owner_id, vector = excluded.vector`
}

export function pgCreateStatements(): string[] {
  const statements: string[] = [pgFoldFunctionStatement()]
  for (const kind of SEARCH_KINDS) {
    statements.push(
      `create table if not exists ${kind}_search (
        id integer primary key references ${kind}(id) on delete cascade,
        is_public boolean not null,
        owner_id integer null,
        vector tsvector not null
      )`,
      `create index if not exists ${kind}_search_vector_index on ${kind}_search using gin (vector)`,
      `create or replace function ${kind}_search_sync() returns trigger language plpgsql as $$
      begin
        ${pgUpsert(kind, 'r.id = new.id')};
        return null;
      end $$`,
      `drop trigger if exists ${kind}_search_ai on ${kind}`,
      `create trigger ${kind}_search_ai after insert on ${kind} for each row execute function ${kind}_search_sync()`,
      `drop trigger if exists ${kind}_search_au on ${kind}`,
      `create trigger ${kind}_search_au after update of ${WATCHED[kind].join(', ')} on ${kind} for each row execute function ${kind}_search_sync()`
    )
  }
  for (const [n, cascade] of CASCADES.entries()) {
    const name = `${cascade.parent}_search_cascade_${n}`
    const changed = cascade.columns.map((column) => `new.${column} is distinct from old.${column}`).join(' or ')
    statements.push(
      `create or replace function ${name}() returns trigger language plpgsql as $$
      begin
        if ${changed} then ${pgUpsert(cascade.child, cascade.where)}; end if;
        return null;
      end $$`,
      `drop trigger if exists ${name} on ${cascade.parent}`,
      `create trigger ${name} after update of ${cascade.columns.join(', ')} on ${cascade.parent} for each row execute function ${name}()`
    )
  }
  return statements
}

export function pgDropStatements(): string[] {
  const statements: string[] = []
  for (const [n, cascade] of CASCADES.entries()) {
    const name = `${cascade.parent}_search_cascade_${n}`
    statements.push(`drop trigger if exists ${name} on ${cascade.parent}`, `drop function if exists ${name}()`)
  }
  for (const kind of SEARCH_KINDS) {
    statements.push(
      `drop trigger if exists ${kind}_search_ai on ${kind}`,
      `drop trigger if exists ${kind}_search_au on ${kind}`,
      `drop function if exists ${kind}_search_sync()`,
      `drop table if exists ${kind}_search`
    )
  }
  statements.push(`drop function if exists ${PG_FOLD_FUNCTION}(text)`)
  return statements
}

/**
 * Indexes every row of `kind` with an id above `afterId` (catalog:seed, migration backfill).
 * SQLite: no level-by-level merging during the load (3x faster; crisis merges still bound the
 * segments); no final 'optimize' (30% more CPU for ~0.5 ms per query). */
export function bulkFillStatements(pg: boolean, kind: SearchKind, afterId: number): string[] {
  const where = `r.id > ${Math.max(0, Math.floor(afterId))}`
  if (pg) return pgBulkFillStatements(kind, where)
  // A 32 MB pending-terms hash (default 1 MB) writes fewer, larger segments: 15% less CPU.
  const option = (name: string, value: number) =>
    `insert into ${kind}_fts (${kind}_fts, rank) values ('${name}', ${value})`
  return [
    option('automerge', 0),
    option('hashsize', 32 << 20),
    sqliteInsert(kind, where),
    option('hashsize', 1 << 20),
    option('automerge', 4),
  ]
}

/**
 * PostgreSQL: `to_tsvector` is most of the cost (3 per row: 66 s of a 1M-document seed), and
 * the texts repeat (a course's context is the same for its documents). The vectors are built
 * once per distinct text (title and body together, context alone, the buckets per 1k ids),
 * and a row's vector is the concatenation of its three parts, exactly what the trigger
 * computes for it (pgSelect). The part tables also feed the word table (pgWordsFromBulkFill).
 * `on conflict` updates, so the migration backfill may run over rows already indexed.
 */
function pgBulkFillStatements(kind: SearchKind, where: string): string[] {
  const s = SOURCES[kind]
  const src = `${kind}_search_src`
  const level = PG_BUCKET_LEVELS[0].shift
  return [
    // Hash joins that fit in memory keep the scan's order: rows reach the search table in id
    // order, so a window of the newest 17k ids reads ~1,700 pages (14,000 in course order).
    `set local work_mem = '64MB'`,
    ...pgBulkFillCleanup(kind),
    `create temp table ${src} on commit drop as select r.id as id, ${s.visibility} = 'public' as is_public, cast(${s.owner} as integer) as owner_id,
      coalesce(${s.title}, '') as title, ${s.context} as context, ${s.body} as body from ${s.from} where ${where}`,
    `create temp table ${src}_tb on commit drop as select title, body,
      setweight(${pgTsvector('title')}, 'A') || setweight(${pgTsvector('body')}, 'C') as vector
      from (select distinct title, body from ${src}) d`,
    `create temp table ${src}_context on commit drop as select context, setweight(${pgTsvector('context')}, 'B') as vector
      from (select distinct context from ${src}) d`,
    `create temp table ${src}_bucket on commit drop as select n, ${bucketSql(`(n << ${level})`)} as vector
      from (select distinct id >> ${level} as n from ${src}) d`,
    // Temporary tables get no statistics otherwise: the planner then sorted 1M rows three times for merge joins.
    ...['', '_tb', '_context', '_bucket'].map((part) => `analyze ${src}${part}`),
    `insert into ${kind}_search (id, is_public, owner_id, vector)
      select s.id, s.is_public, s.owner_id, tb.vector || c.vector || k.vector
        from ${src} s join ${src}_tb tb on tb.title = s.title and tb.body = s.body
        join ${src}_context c on c.context = s.context join ${src}_bucket k on k.n = s.id >> ${level}
      on conflict (id) do update set is_public = excluded.is_public, owner_id = excluded.owner_id, vector = excluded.vector`,
  ]
}

function pgBulkFillCleanup(kind: SearchKind): string[] {
  return ['_bucket', '_context', '_tb', ''].map((part) => `drop table if exists ${kind}_search_src${part}`)
}

/**
 * After pgBulkFillStatements, in the same transaction: the words of the distinct texts, then the temporary tables go.
 */
export function pgWordsFromBulkFill(kind: SearchKind): string[] {
  const src = `${kind}_search_src`
  return [
    `insert into ${PG_WORDS_TABLE} (word)
      select distinct w from (select vector from ${src}_tb union all select vector from ${src}_context) f, unnest(tsvector_to_array(f.vector)) w
      on conflict do nothing`,
    ...pgBulkFillCleanup(kind),
  ]
}

/* ------------------------------------------------------------------ PostgreSQL word table */

/**
 * Every lexeme of every catalog vector (all kinds), kept by a trigger on each `<kind>_search`,
 * for prefix expansion and typo variants (catalog_pg_search.ts). Never pruned: a stale word only
 * adds an alternative that matches nothing. `collate "C"`: `like 'pre%'` uses the primary key.
 */
export const PG_WORDS_TABLE = 'catalog_search_words'

export function pgWordsCreateStatements(): string[] {
  const statements = [
    `create table if not exists ${PG_WORDS_TABLE} (word text collate "C" primary key)`,
    `create or replace function ${PG_WORDS_TABLE}_sync() returns trigger language plpgsql as $$
    begin
      insert into ${PG_WORDS_TABLE} (word) select w from unnest(tsvector_to_array(new.vector)) w where left(w, 1) <> '~' on conflict do nothing;
      return null;
    end $$`,
  ]
  for (const kind of SEARCH_KINDS) {
    statements.push(
      `drop trigger if exists ${kind}_search_words on ${kind}_search`,
      `create trigger ${kind}_search_words after insert or update of vector on ${kind}_search for each row execute function ${PG_WORDS_TABLE}_sync()`
    )
  }
  return statements
}

export function pgWordsDropStatements(): string[] {
  return [
    ...SEARCH_KINDS.map((kind) => `drop trigger if exists ${kind}_search_words on ${kind}_search`),
    `drop function if exists ${PG_WORDS_TABLE}_sync()`,
    `drop table if exists ${PG_WORDS_TABLE}`,
  ]
}
