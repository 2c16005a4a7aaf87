import { test } from '@japa/runner'
import { LocalEngine } from '#services/ai/local_engine'
import type { Passage } from '#services/ai/engine'
import { ingestBuffer } from '#services/documents/ingest'
import { splitSentences } from '#services/ai/nlp'
import { buildLayoutPdf, buildStyledDocx, wrapLines } from '#tests/support/structured_fixtures'
import { articlePassages } from '../../../bench/support/squad.ts'

/* Issue 25 item 3: summaries and study guides cover the documents' topics, and never carry a heading. */

const SECTIONS: [string, string][] = [
  [
    'Why photosynthesis matters',
    'Photosynthesis is the process by which green plants convert light energy into chemical energy. It feeds almost every food chain on Earth. Plants release oxygen into the air as they grow (Figure 1)',
  ],
  [
    'The light-dependent reactions',
    'The light-dependent reactions convert light energy into ATP and NADPH in the thylakoid membranes. Water molecules are split during these reactions, and oxygen is released as a by-product.',
  ],
  [
    'The Calvin cycle',
    'The Calvin cycle takes place in the stroma and fixes carbon dioxide into sugar. Rubisco is the enzyme that fixes carbon dioxide, and it is the most abundant protein on Earth.',
  ],
  [
    'Cellular respiration, the reverse process that breaks sugar down again in cells',
    'Cellular respiration is the reverse process, in which cells break down glucose to release energy. Mitochondria are the organelles where most cellular respiration happens in animal cells.',
  ],
]

async function passagesOf(kind: 'pdf' | 'docx' | 'md', bytes: Buffer): Promise<Passage[]> {
  const { chunks } = await ingestBuffer(kind, bytes)
  return chunks.map((text, i) => ({
    document_id: '1',
    document_title: 'Photosynthesis',
    chunk_index: i,
    text,
    vectors: null,
  }))
}

const FILES = {
  md: () => Buffer.from(SECTIONS.map(([h, t]) => `## ${h}\n\n${t}`).join('\n\n')),
  docx: () => buildStyledDocx(SECTIONS.flatMap(([h, t]) => [{ heading: 2 as const, text: h }, { text: t }])),
  pdf: () =>
    buildLayoutPdf([
      SECTIONS.flatMap(([h, t]) => [
        { text: h, size: 15, gapBefore: 10 },
        ...wrapLines(t, 70).map((text) => ({ text, size: 11 })),
      ]),
    ]),
}

test.group('Summaries and study guides cover the topics (issue 25 item 3)', () => {
  for (const [kind, build] of Object.entries(FILES)) {
    test(`${kind}: no heading runs into a sentence; guide sections are the headings`, async ({ assert }) => {
      const passages = await passagesOf(kind as 'pdf', build())
      const engine = new LocalEngine()
      const summary = await engine.summarize(passages)
      for (const text of [summary.summary, ...summary.key_points]) {
        assert.notMatch(
          text,
          /matters Photosynthesis|reactions The light|cycle The Calvin|cells Cellular respiration/,
          text
        )
        for (const [heading] of SECTIONS) {
          // A heading is never a sentence of its own, nor glued to the sentence below it.
          assert.notMatch(text, new RegExp(`${heading}(?:\\s+\\p{Lu}|[.]?$)`, 'u'), text)
          assert.notInclude(splitSentences(text), heading)
        }
      }
      for (const sentence of splitSentences(summary.summary))
        assert.isTrue(
          passages.some((p) => p.text.includes(sentence)),
          sentence
        )
      assert.isAbove(summary.citations.length, 0)
      const guide = await engine.studyGuide(passages)
      assert.includeMembers(
        guide.sections.map((s) => s.heading),
        SECTIONS.map(([h]) => h)
      )
      for (const section of guide.sections) {
        assert.isAbove(section.citations.length, 0, section.heading)
        for (const [heading] of SECTIONS)
          assert.notMatch(section.content, new RegExp(`${heading}(?:\\s+\\p{Lu}|[.]?$)`, 'u'))
      }
    })
  }

  test('a summary of three public articles takes sentences from each of them', async ({ assert }) => {
    for (const titles of [
      ['Geology', 'Immune_system', 'Packet_switching'],
      ['Southern_California', 'Jacksonville,_Florida', 'Victoria_(Australia)'],
    ]) {
      const passages = titles.flatMap((title, i) => articlePassages(title, String(i + 1)).slice(0, 4))
      const summary = await new LocalEngine().summarize(passages)
      const from = splitSentences(summary.summary).map((s) => passages.find((p) => p.text.includes(s))!.document_id)
      assert.sameMembers([...new Set(from)], ['1', '2', '3'], `${titles.join(', ')}: ${from.join('')}`)
      assert.sameMembers([...new Set(summary.citations.map((c) => c.document_id))], ['1', '2', '3'])
      // Study-guide topics without headings: each article has a section of its own.
      const guide = await new LocalEngine().studyGuide(passages)
      const owners = guide.sections.slice(1).map((s) => new Set(s.citations.map((c) => c.document_id)))
      for (const id of ['1', '2', '3'])
        assert.isTrue(
          owners.some((o) => o.size === 1 && o.has(id)),
          `no section of document ${id}`
        )
    }
  })
})
