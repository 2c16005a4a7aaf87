import { test } from '@japa/runner'
import { fts5Match, searchWords, typoVariants, typoWords, MAX_WORDS } from '#services/catalog/search_query'
import { tsqueryText } from '#services/catalog/catalog_pg_search'

/** Issue 26: user text becomes words only; the engine query is built from them. */
test.group('Catalog search / query building', () => {
  test('words are runs of letters and digits; engine syntax is a separator', ({ assert }) => {
    assert.deepEqual(searchWords('"Linear" ALGEBRA* -eigen:values ^(NEAR)'), [
      'linear',
      'algebra',
      'eigen',
      'values',
      'near',
    ])
    assert.deepEqual(searchWords('***'), [])
    assert.deepEqual(searchWords('Ｆｏｕｒｉｅｒ café'), ['fourier', 'café'])
    assert.lengthOf(searchWords('word '.repeat(100)), MAX_WORDS)
    assert.equal(searchWords('a'.repeat(500))[0].length, 40)
  })

  test('outside input: stop words, the dotted capital I, combining marks', ({ assert }) => {
    // PostgreSQL's english stop words are left out on both databases; they do not use up MAX_WORDS.
    assert.deepEqual(searchWords('The history OF france'), ['history', 'france'])
    assert.deepEqual(searchWords('the of and'), [])
    assert.lengthOf(searchWords(`${'the '.repeat(20)}${'word '.repeat(20)}`), MAX_WORDS)
    assert.deepEqual(searchWords('İSTANBUL İstanbul'), ['istanbul', 'istanbul'])
    // FTS5 splits at combining marks; PostgreSQL keeps a word whole.
    assert.deepEqual(searchWords('हिन्दी'), ['ह', 'न', 'द'])
    assert.deepEqual(searchWords('हिन्दी', { marks: true }), ['हिन्दी'])
    assert.deepEqual(searchWords('\u0301café', { marks: true }), ['café'])
  })

  test('typo variants are the words at edit distance one', ({ assert }) => {
    const variants = typoVariants('heap')
    assert.include(variants, 'hep')
    assert.include(variants, 'haep')
    assert.include(variants, 'heat')
    assert.include(variants, 'heaps')
    assert.notInclude(variants, 'heap')
    assert.notInclude(variants, 'ahep')
    assert.notInclude(typoVariants('theor'), 'their', 'a stop word is never a variant')
    assert.deepEqual([...typoWords(['the', 'eigenvalues', 'heap', '123456'])], [1])
  })

  test('FTS5 and tsquery text only ever quote sanitised words', ({ assert }) => {
    // (OR is an English stop word, left out like "the"; NEAR is a plain word.)
    const words = searchWords('fourier" NEAR title:x*')
    const match = fts5Match(words, { tier: 1, cumulative: false, typo: false, viewerId: null })
    assert.equal(
      match,
      '(({title context} : ("fourier" AND "near" AND "title" AND "x")) NOT (title : ("fourier" AND "near" AND "title" AND "x"))) NOT vis : "private"'
    )
    // PostgreSQL: lexemes go verbatim into ::tsquery, quoted (a word table entry may hold any character).
    const terms = [
      { alternatives: ['linear'], prefix: null },
      { alternatives: ['algebra', "o'neil\\x"], prefix: null },
      { alternatives: [], prefix: 'alg' },
    ]
    assert.equal(tsqueryText(terms, 0), "'linear':A & ('algebra':A | 'o''neil\\\\x':A) & 'alg':*A")
    assert.equal(tsqueryText(terms, 2), "'linear' & ('algebra' | 'o''neil\\\\x') & 'alg':*")
    assert.equal(tsqueryText([{ alternatives: [], prefix: null }], 2), "'~none'")
  })
})
