import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { ingestBuffer } from '#services/documents/ingest'
import { splitSentences } from '#services/ai/nlp'
import { wrapLines } from '#tests/support/structured_fixtures'
import { loadArticles } from '../../../bench/support/squad.ts'

/*
| Issue 25 item 3: a plain .txt upload shows its headings only by layout (a short line on its
| own, a numbered section line, ALL CAPS, a === or --- underline). They get the `#` markers the
| other formats write, so no heading runs into the sentence below it, and ordinary short
| sentences, list items and hard-wrapped paragraphs stay text.
*/

const WHY =
  'Photosynthesis is the process by which green plants convert light energy into chemical energy. It feeds almost every food chain on Earth.'
const LIGHT =
  'The light-dependent reactions convert light energy into ATP and NADPH in the thylakoid membranes. Water is split and oxygen is released.'
const CALVIN =
  'The Calvin cycle takes place in the stroma and fixes carbon dioxide into sugar. It uses the ATP and NADPH made by the light-dependent reactions.'
const PIGMENTS =
  'Chlorophyll a and chlorophyll b absorb red and blue light and reflect green light, which is why leaves look green to us.'

async function stored(text: string) {
  return (await ingestBuffer('txt', Buffer.from(text))).text
}
/** The `#` lines of a stored text, without their markers. */
const headings = (text: string) =>
  text
    .split('\n')
    .filter((l) => /^#{1,3} /.test(l))
    .map((l) => l.replace(/^#+ /, ''))

test.group('Plain text headings (issue 25 item 3)', () => {
  test('title lines, numbered sections, ALL CAPS and underlined lines become headings', async ({ assert }) => {
    const txt = [
      'PHOTOSYNTHESIS',
      '',
      '1 Why photosynthesis matters',
      WHY,
      '',
      '2 How it works',
      '',
      '2.1 The light reactions',
      LIGHT,
      '',
      'The Calvin cycle',
      '================',
      CALVIN,
      '',
      'Pigments',
      '--------',
      '',
      PIGMENTS,
      '',
      'Where it happens',
      '',
      ...wrapLines(`${CALVIN} ${LIGHT}`, 60),
      '',
      'Key terms',
      '',
      '- Stroma',
      '- Thylakoid',
    ].join('\n')
    const text = await stored(txt)
    assert.deepEqual(headings(text), [
      'PHOTOSYNTHESIS',
      '1 Why photosynthesis matters',
      '2 How it works',
      '2.1 The light reactions',
      'The Calvin cycle',
      'Pigments',
      'Where it happens',
      'Key terms',
    ])
    assert.include(text, `## 2.1 The light reactions\n\n${LIGHT}`)
    assert.include(text, `# The Calvin cycle\n\n${CALVIN}`)
    assert.include(text, `${CALVIN} ${LIGHT}`)
    assert.include(text, '- Stroma\n- Thylakoid')
    assert.notInclude(text, '===')
    // No sentence of the stored text holds a heading run into it.
    for (const sentence of splitSentences(text)) {
      assert.notMatch(
        sentence,
        /^(?:\d[\d.]* )?\S+(?: \S+){0,6} (?:Photosynthesis is|The light-dependent|The Calvin cycle takes|Chlorophyll a)/,
        sentence
      )
      assert.notInclude(sentence, '---')
    }
  })

  test('short sentences, list items, short-line runs and wrapped text stay text', async ({ assert }) => {
    const cases = [
      // Short sentences, each its own paragraph.
      `It works.\n\n${WHY}\n\nYes!\n\n${LIGHT}\n\nWhy does it matter?\n\n${CALVIN}`,
      // A loose numbered list whose last item is followed by a paragraph.
      `${WHY}\n\n1. Wash the leaves\n\n2. Dry the leaves\n\n3. Weigh them\n\n${LIGHT}`,
      // Bulleted and numbered items next to text.
      `${WHY}\n- Chlorophyll absorbs light\n- Water is split\n\n1. Light reactions\n2. Calvin cycle\n${CALVIN}`,
      // A run of short lines without markers (a shopping list, an address), then a paragraph.
      `${WHY}\n\nFlour\n\nSugar\n\nEggs\n\n${LIGHT}`,
      `${WHY}\n\nJane Smith\n12 Garden Street\nOxford\n\n${LIGHT}`,
      // A date line, a clause ending in a function word, a line ending with a colon or comma.
      `12 March 2024\n\n${WHY}\n\nThe reactions that happen in the\n\n${LIGHT}\n\nIt needs the following:\n${CALVIN}\n\nDear students,\n${PIGMENTS}`,
      // Lowercase starts and sentences cut by the line width.
      `photosynthesis notes\n\n${WHY}\n\n${wrapLines(`${WHY} ${LIGHT} ${CALVIN}`, 40).join('\n')}`,
      // A paragraph that is a single short line without punctuation at the end of the text.
      `${WHY}\n\nSee you next week`,
    ]
    for (const txt of cases) assert.deepEqual(headings(await stored(txt)), [], txt)
  })

  test('SQuAD 2.0 dev articles: the titles are the only headings, however wrapped', async ({ assert }) => {
    const articles = [...loadArticles().values()]
    const titles = articles.map((a) => a.title.replaceAll('_', ' '))
    assert.includeMembers(titles, ['Victoria (Australia)', 'Jacksonville, Florida'])
    for (const width of [0, 40, 60, 72, 100]) {
      const wrap = (p: string) => (width ? wrapLines(p, width).join('\n') : p)
      const body = (a: (typeof articles)[number]) => a.paragraphs.map(wrap).join('\n\n')
      const withTitles = articles.map((a) => `${a.title.replaceAll('_', ' ')}\n\n${body(a)}`).join('\n\n')
      assert.deepEqual(headings(await stored(withTitles)), titles, `width ${width}`)
      const plain = articles.map(body).join('\n\n')
      assert.deepEqual(headings(await stored(plain)), [], `width ${width}, no titles`)
    }
    // One sentence per line: no sentence is a heading.
    const perLine = articles.map((a) => splitSentences(a.paragraphs.join('\n\n')).join('\n')).join('\n\n')
    assert.deepEqual(headings(await stored(perLine)), [])
  }).timeout(60_000)

  test('a real licence file (Apache 2.0): its two ALL-CAPS headings only', async ({ assert }) => {
    const licence = readFileSync(new URL('../../fixtures/apache-2.0-license.txt', import.meta.url))
    const text = await stored(licence.toString('utf8'))
    assert.deepEqual(headings(text), [
      'TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION',
      'END OF TERMS AND CONDITIONS',
    ])
    assert.include(text, '\n\n"License" shall mean the terms and conditions for use, reproduction, and distribution as')
  })
})
