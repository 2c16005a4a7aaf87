import { test } from '@japa/runner'
import fc from 'fast-check'
import { markdownToText } from '#services/documents/text_extractor'
import { normalizeText, splitPlainSentences, splitSentences, words } from '#services/ai/nlp'
import { chunkText } from '#services/documents/chunker'
import { markdownToStructured } from '#services/documents/markdown_structure'
import { plainToStructured } from '#services/documents/plain_structure'
import { normalizeStructured } from '#services/documents/structured_text'
import { htmlToStructured } from '#services/documents/docx_structure'
import { layoutToStructured, pageLines } from '#services/documents/pdf_layout'
import { legacyMarkdownToText, legacyNormalizeText, legacySplitSentences } from '#tests/support/legacy_text'
import { adversarialTexts } from '#tests/support/hostile_files'

/*
| Issue 23 item 3: the text functions that run over user text are linear scanners now. They
| must return what the former regular expressions returned (tests/support/legacy_text.ts) on
| ordinary text, and give the right answer on 100 KB adversarial inputs, which the former code
| needed seconds to minutes for (the suite's timeout is the failing-before proof; the per-call
| time bounds are in bench/hostile.bench.ts, not here).
*/

const word = fc.constantFrom(
  'cell',
  'Cells',
  'energy',
  'the',
  'Rome',
  'light',
  'e.g.',
  'Dr.',
  'water',
  'A.',
  '2024',
  'is',
  'of',
  'mitochondria',
  'snake_case'
)
const wordRun = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((w) => w.join(' '))
const inline = fc.oneof(
  wordRun(1, 6),
  wordRun(1, 3).map((w) => `**${w}**`),
  wordRun(1, 3).map((w) => `__${w}__`),
  wordRun(1, 2).map((w) => `*${w}*`),
  wordRun(1, 2).map((w) => `_${w}_`),
  wordRun(1, 2).map((w) => `\`${w}\``),
  wordRun(1, 3).map((w) => `[${w}](https://example.com/${w.length})`),
  wordRun(0, 2).map((w) => `![${w}](img/${w.length}.png)`),
  wordRun(1, 2).map((w) => `<b>${w}</b>`)
)
const sentence = fc
  .tuple(fc.array(inline, { minLength: 1, maxLength: 5 }), fc.constantFrom('.', '!', '?', '', ':'))
  .map(([parts, end]) => parts.join(' ') + end)
const block = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 6 }), wordRun(1, 5), fc.constantFrom('', ' #', ' ##'))
    .map(([n, w, close]) => `${'#'.repeat(n)} ${w}${close}`),
  fc.array(sentence, { minLength: 1, maxLength: 4 }).map((s) => s.join(' ')),
  fc.tuple(fc.constantFrom('- ', '* ', '+ ', '1. ', '2) ', '> ', '  - '), sentence).map(([mark, s]) => mark + s),
  fc.constantFrom('---', '***', '_ _ _', '* * *'),
  fc
    .tuple(fc.constantFrom('', 'js', 'python'), wordRun(1, 6))
    .map(([lang, code]) => '```' + lang + '\n' + code + '\n```')
)
const markdownDocument = fc
  .array(fc.tuple(block, fc.constantFrom('\n', '\n\n', '\n\n\n', '\r\n')), { minLength: 1, maxLength: 12 })
  .map((blocks) => blocks.map(([b, sep]) => b + sep).join(''))
/** Random strings over the characters every former regex cared about. */
const syntaxSoup = fc
  .array(
    fc.constantFrom(
      '#',
      ' ',
      '\n',
      'a',
      'B',
      '*',
      '_',
      '-',
      '+',
      '[',
      ']',
      '(',
      ')',
      '!',
      '`',
      '<',
      '>',
      '1',
      '.',
      '\r',
      '\t',
      '|',
      'Dr',
      'e.g',
      '?',
      '\u00a0'
    ),
    { maxLength: 60 }
  )
  .map((a) => a.join(''))

test.group('Linear text processing: same results as before (issue 23 item 3)', () => {
  test('markdownToText on ordinary Markdown documents', () => {
    fc.assert(
      fc.property(markdownDocument, (md) => markdownToText(md) === legacyMarkdownToText(md)),
      { numRuns: 3000 }
    )
  })

  test('markdownToText, normalizeText and splitSentences on random syntax characters', () => {
    fc.assert(
      fc.property(syntaxSoup, (s) => markdownToText(s) === legacyMarkdownToText(s)),
      { numRuns: 20000 }
    )
    fc.assert(
      fc.property(syntaxSoup, (s) => normalizeText(s) === legacyNormalizeText(s)),
      { numRuns: 5000 }
    )
    fc.assert(
      fc.property(
        syntaxSoup,
        (s) => JSON.stringify(splitPlainSentences(s)) === JSON.stringify(legacySplitSentences(s))
      ),
      { numRuns: 5000 }
    )
  })

  test('normalizeText and splitSentences on ordinary extracted text', () => {
    const text = fc
      .array(fc.tuple(sentence, fc.constantFrom(' ', '\n', '\n\n', '  ', ' \n \n ', '-\n')), {
        minLength: 1,
        maxLength: 20,
      })
      .map((p) => p.map(([s, sep]) => s + sep).join(''))
    fc.assert(
      fc.property(text, (raw) => {
        const normal = normalizeText(raw)
        return (
          normal === legacyNormalizeText(raw) &&
          JSON.stringify(splitSentences(normal)) === JSON.stringify(legacySplitSentences(normal))
        )
      }),
      { numRuns: 3000 }
    )
  })

  test('adversarial inputs cut to 400 characters: the same results as the former code', ({ assert }) => {
    for (const [name, text] of Object.entries(adversarialTexts(400))) {
      assert.equal(markdownToText(text), legacyMarkdownToText(text), `markdownToText: ${name}`)
      assert.equal(normalizeText(text), legacyNormalizeText(text), `normalizeText: ${name}`)
      assert.deepEqual(splitPlainSentences(text), legacySplitSentences(text), `splitSentences: ${name}`)
    }
  })
})

test.group('Linear text processing: 100 KB adversarial inputs (issue 23 item 3)', () => {
  const big = adversarialTexts(100_000)
  const N = 100_000

  test('markdownToText', ({ assert }) => {
    assert.equal(markdownToText(big['# a + spaces + b']), '\na' + ' '.repeat(N) + 'b.\n')
    assert.equal(markdownToText(big['spaces']), big['spaces'])
    assert.equal(markdownToText(big['stars']), '\n')
    assert.equal(markdownToText(big['backticks']), '`'.repeat(N % 6))
    assert.equal(markdownToText(big['pipes']), big['pipes'])
    assert.equal(markdownToText(big['brackets']), big['brackets'])
    assert.equal(markdownToText(big['tags']), big['tags'])
    assert.equal(markdownToText(big['star words']), big['star words'])
    assert.equal(markdownToText(big['digits with dots']), big['digits with dots'])
    assert.equal(markdownToText(big['hashes']), big['hashes'])
    // Every other input is at least read through.
    for (const text of Object.values(big)) assert.isString(markdownToText(text))
  })

  test('normalizeText, splitSentences, chunkText and words', ({ assert }) => {
    assert.equal(normalizeText(big['spaces']), 'a b')
    assert.equal(normalizeText(big['spaces then newline']), 'x')
    assert.equal(normalizeText(big['newline + spaces']), 'x')
    const initials = big['"A. " repeated'].trim()
    assert.deepEqual(splitSentences(initials), [initials])
    assert.deepEqual(splitSentences(big['abbreviations'].trim()), [big['abbreviations'].trim()])
    const chunks = chunkText(normalizeText(big['"A. " repeated']))
    assert.isAbove(chunks.length, 60)
    assert.isTrue(chunks.every((c) => c.length <= 1500))
    assert.lengthOf(words(big['apostrophes']), 1)
    assert.lengthOf(words(big['hyphens']), 1)
    for (const text of Object.values(big)) {
      const normal = normalizeText(text)
      assert.isTrue(splitSentences(normal).every((s) => normal.includes(s)))
      assert.isTrue(chunkText(normal).every((c) => c.length <= 1500))
    }
  })

  test('structured extraction (issue 25 item 3): Markdown, plain text, Word HTML, PDF lines, normalisation and chunks', ({
    assert,
  }) => {
    const structured = {
      'list lines': '- a\n'.repeat(N / 4),
      'table rows': '| a | b |\n'.repeat(N / 10),
      'separator dashes': `|${'-'.repeat(N)}x|`,
      'heading hashes': `# ${'#'.repeat(N)}`,
      'html tags': '<p>'.repeat(N / 3),
      'nested lists': '<ul><li>'.repeat(N / 8),
      'entities': '&amp'.repeat(N / 4),
      'setext lines': 'a\n=\n'.repeat(N / 4),
      'title lines': 'A b\n\n'.repeat(N / 5),
      'numbered lines': '2.1 A\n'.repeat(N / 6),
      'capital lines': 'AB\nCD.\n\n'.repeat(N / 8),
      'rule lines': '- - -\n'.repeat(N / 6),
    }
    // One PDF line made of N one-letter items (a page PDF.js gives as 350,000 items took minutes).
    const items = Array.from({ length: N }, () => ({
      str: 'a',
      transform: [11, 0, 0, 11, 56, 760],
      height: 11,
      hasEOL: false,
    }))
    assert.deepEqual(
      pageLines(items).map((l) => l.text.length),
      [N]
    )
    for (const [name, text] of Object.entries({ ...big, ...structured })) {
      const md = markdownToStructured(text)
      const normal = normalizeStructured(md)
      assert.isString(normalizeStructured(plainToStructured(text)), name)
      assert.isString(htmlToStructured(text), name)
      assert.isString(
        layoutToStructured([
          text
            .split('\n')
            .slice(0, 20_000)
            .map((line, i) => ({ text: line, y: 700 - i, size: 10 })),
        ]),
        name
      )
      for (const chunk of chunkText(normal)) {
        assert.isAtMost(chunk.length, 1500, name)
        for (const piece of splitSentences(chunk)) assert.include(chunk, piece, name)
      }
    }
  })

  test('PDF lines with their geometry: full lines joined, indented points (session 17)', ({ assert }) => {
    // 100,000 lines under one heading: each full (one long paragraph, joined line by line), or short
    // and indented like a slide's points. Joining read the growing line back each time: 200,000
    // lines took 150 s.
    const heading = { text: 'Heading of the page', y: 2e6, size: 20, x: 30, right: 200 }
    for (const shape of ['full', 'points'] as const) {
      const lines = Array.from({ length: 100_000 }, (_, i) => ({
        text: shape === 'full' ? 'Point alpha' : i % 2 ? 'Point beta' : 'point alpha',
        y: 2e6 - 30 - i * 12,
        size: 10,
        x: 60,
        right: 110,
      }))
      const started = Date.now()
      const text = layoutToStructured([[heading, ...lines]])
      assert.isAbove(text.length, 100_000 * 10, shape)
      // A bound 40 times the linear time, not a speed target: the quadratic code took a minute, and
      // a synchronous call never meets the suite's timeout.
      assert.isBelow(Date.now() - started, 10_000, shape)
    }
  })

  test('a list item wrapped over 200,000 lines (session 17)', ({ assert }) => {
    // Each wrapped line was joined to the growing item, re-reading it: quadratic (40,000 lines 1.4 s).
    const started = Date.now()
    const text = normalizeStructured('- a\n' + 'bb\n'.repeat(200_000))
    assert.equal(text.length, '- a'.length + 3 * 200_000)
    assert.isBelow(Date.now() - started, 10_000)
  })
})
