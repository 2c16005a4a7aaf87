/*
| Generators of invalid input for the bad-input suite (fast-check), and a one-query snapshot of
| every table's row count ("no row written").
*/
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'

/** Field names used across the API: junk objects hit real fields, not only unknown keys. */
const FIELDS = [
  'title',
  'body',
  'email',
  'password',
  'username',
  'remember',
  'token',
  'documentId',
  'document_ids',
  'scope',
  'course_id',
  'count',
  'questionCount',
  'difficulty',
  'focusTopic',
  'user_query',
  'answers',
  'topic',
  'level',
  'planSlug',
  'billingInterval',
  'enabled',
  'target_type',
  'target_id',
  'target_slug',
  'context',
  'date',
  'order',
  'status',
  'archived',
  'deadline_at',
  'reminder_at',
  'x',
  'y',
  'width',
  'height',
  'group_label',
  'references',
  'nodes',
  'name',
  'description',
  'is_enabled',
  'environment',
  'visibility',
  'code',
  'page',
  'limit',
  'q',
  'sort',
]

const hugeString = fc.constantFrom('a'.repeat(100_001), 'é'.repeat(30_000), '\u0000'.repeat(5000))
const nanLike = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u202e\ud83d\ude00'
)
const badNumber = fc.oneof(
  fc.integer({ min: -2_147_483_648, max: -1 }),
  fc.constantFrom(
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
    2_147_483_648,
    99_999_999_999,
    0.5,
    -0.000001
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true })
)
const nestedJunk = fc.oneof(
  fc.array(fc.anything({ maxDepth: 3 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 3 }), { maxKeys: 5 }),
  fc.constant({ __proto__: { admin: true }, constructor: { prototype: { polluted: true } } })
)
export const junkValue = fc.oneof(
  hugeString,
  nanLike,
  badNumber,
  nestedJunk,
  fc.constantFrom(null, true, false),
  fc.string({ unit: 'grapheme', maxLength: 40 })
)

/** A junk object: real field names (and a few unknown ones) with junk values. */
const junkObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), junkValue, {
  minKeys: 1,
  maxKeys: 8,
})

export type BodySample = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string }

export const badBody: fc.Arbitrary<BodySample> = fc.oneof(
  junkObject.map((value) => ({ kind: 'json' as const, value })),
  fc.array(junkValue, { maxLength: 4 }).map((value) => ({ kind: 'json' as const, value })),
  fc
    .oneof(badNumber, nanLike, fc.constantFrom(null, true))
    .map((value) => ({ kind: 'raw' as const, text: JSON.stringify(value) })),
  fc
    .constantFrom(
      '{',
      '{"title":',
      '{"title": "x",}',
      "{'title': 'x'}",
      'NaN',
      '{"a":1}}',
      '[1,2',
      '\u0000',
      '{"__proto__":{"isAdmin":true}}',
      '{"a":' + '['.repeat(5000)
    )
    .map((text) => ({ kind: 'raw' as const, text }))
)

/** Path parameters: very long, unicode, negative, non-numeric, out of integer range. */
export const badParam = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1.5',
    '99999999999999999999',
    '2147483648',
    '9223372036854775808',
    'NaN',
    'null',
    'undefined',
    '1e309',
    "1' OR '1'='1",
    '%',
    '..',
    '0x10',
    ' 1',
    'true'
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.constantFrom('x'.repeat(3000), '9'.repeat(400), '🙂'.repeat(200))
)

/** Query strings: junk for the list parameters every list route reads. */
export const badQuery = fc.dictionary(
  fc.constantFrom(
    'page',
    'limit',
    'sort',
    'q',
    'status',
    'has_deadline',
    'from',
    'to',
    'kind',
    'visibility',
    'document_id',
    'course_id'
  ),
  fc.oneof(
    fc.constantFrom(
      '-1',
      '0',
      '1e309',
      'NaN',
      '99999999999999999999',
      '1.5',
      '',
      'x'.repeat(5000),
      '-updated_at,title',
      '[]',
      '{}'
    ),
    fc.string({ unit: 'grapheme', maxLength: 20 })
  ),
  { minKeys: 1, maxKeys: 4 }
)

/** Tables that change for reasons other than the request's input. */
// user_sessions: Japa's loginAs writes a session record for every request it signs in (the
// test client, not the request); tests/functional/accounts/session_records.spec.ts checks that
// refused sign-ins write none.
const IGNORED = new Set([
  'adonis_schema',
  'adonis_schema_versions',
  'locks',
  'rate_limits',
  'sessions',
  'user_sessions',
  'knex_migrations',
  'knex_migrations_lock',
  'sqlite_sequence',
])

export async function userTables(): Promise<string[]> {
  const dialect = db.connection().dialect.name
  let names: string[]
  if (dialect === 'postgres') {
    const result = await db.rawQuery(
      `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
    )
    names = result.rows.map((r: any) => r.table_name)
  } else {
    const rows = await db.rawQuery(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
    names = rows.map((r: any) => r.name)
  }
  return names.filter((n) => !IGNORED.has(n)).sort()
}

/** Row count of every table in one query. */
export async function rowCounts(tables: string[]): Promise<Record<string, number>> {
  const select = tables.map((t, i) => `(select count(*) from "${t}") as c${i}`).join(', ')
  const result = await db.rawQuery(`select ${select}`)
  const row = Array.isArray(result) ? result[0] : result.rows[0]
  return Object.fromEntries(tables.map((t, i) => [t, Number(row[`c${i}`])]))
}

export function diffCounts(before: Record<string, number>, after: Record<string, number>, ignore: string[] = []) {
  return Object.keys(before)
    .filter((t) => !ignore.includes(t) && before[t] !== after[t])
    .map((t) => `${t} ${before[t]}→${after[t]}`)
}
