import { test } from '@japa/runner'
import { rm } from 'node:fs/promises'
import env from '#start/env'
import { fromProjectRoot } from '#start/project_root'
import { createDocument } from '#tests/support/catalog'
import { aiGroup, aiUser, ownedDocument, resetAiLimiter, runTool } from '#tests/support/ai'
import { uploadDocument } from '#tests/support/uploads'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
/** What may not start the text that a cut left out: the rest of a character. */
const CHARACTER_REST = /^[\p{M}\uDC00-\uDFFF\u200D\uFE0F]/u

/** The rows roll back; the stored files would outlive them under a user id the next test reuses. */
function dropStoredFiles(userId: number | string, cleanup: (handler: () => Promise<void>) => void) {
  const storage = fromProjectRoot(`${env.get('STORAGE_PATH') || 'storage'}/documents/${userId}`)
  cleanup(() => rm(storage, { recursive: true, force: true }))
}

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) strings(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out)
  return out
}

test.group('AI tools: text nobody on the project wrote (docs/rules/ai.md#scope)', (group) => {
  aiGroup(group)

  test('a title cut to its column keeps whole characters (emoji in the document title)', async ({ client, assert }) => {
    const user = await aiUser()
    // 241 UTF-16 units: "Flashcards: " + title passes 250 in the middle of an emoji.
    const doc = await ownedDocument(user.id, undefined, { title: 'x' + '🌱'.repeat(120) })
    for (const tool of ['flashcards', 'study-guide']) {
      const response = await runTool(client, user, tool, { documentId: doc.id })
      response.assertStatus(201)
      assert.isAbove(response.body().title.length, 200)
      for (const text of strings(response.body())) assert.notMatch(text, LONE_SURROGATE)
    }
  })

  test('MAX_TOTAL_CHARACTERS never cuts a character in two (surrogate pair, combining mark)', async ({ assert }) => {
    const { resolveScope, maxTotalCharacters } = await import('#services/ai/scope_resolver')
    const user = await aiUser()
    // The second chunk gets `room` units: one and a half emoji, or "e" + accent + "t" + "e" without its accent.
    for (const [tail, room] of [
      ['🌱🌱 Plants grow toward light.', 3],
      ['e\u0301te\u0301 is summer in French.', 4],
    ] as const) {
      const filler = 'Plants grow. ' + 'a'.repeat(maxTotalCharacters() - 13 - room)
      const doc = await createDocument({ ownerId: user.id, visibility: 'private' } as any, [filler, tail])
      const { passages } = await resolveScope(user.id, { documentId: doc.id })
      const last = passages[passages.length - 1]
      assert.equal(last.chunk_index, 1)
      assert.isTrue(tail.startsWith(last.text))
      assert.isAbove(last.text.length, 0)
      assert.notMatch(last.text, LONE_SURROGATE)
      assert.notMatch(tail.slice(last.text.length), CHARACTER_REST)
    }
  })

  test('no tool glues a heading into the sentence below it (numbered, quoted, caseless, mRNA)', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await aiUser()
    dropStoredFiles(user.id, cleanup)
    // Each file: its heading lines, and the word that opens the sentence after each.
    const files: [string, string, [string, string][]][] = [
      [
        'numbered.txt',
        'Photosynthesis converts light energy into chemical energy in plants. Chlorophyll absorbs red and blue light.\n2.1 The Calvin cycle\nThe Calvin cycle fixes carbon dioxide into sugar in the stroma. Rubisco is the enzyme that fixes carbon dioxide.\n2.2 Respiration\nMitochondria break down glucose to release energy. Cells use that energy to grow and divide.',
        [
          ['2.1 The Calvin cycle', 'The'],
          ['2.2 Respiration', 'Mitochondria'],
        ],
      ],
      [
        'quoted.txt',
        'Green plants are called "producers."\nRespiration\nMitochondria break down glucose to release energy. Cells use that energy to grow (and divide.)\nThe Calvin Cycle\nThe Calvin cycle fixes carbon dioxide into sugar in the stroma. Rubisco is the enzyme that fixes carbon dioxide.',
        [
          ['Respiration', 'Mitochondria'],
          ['The Calvin Cycle', 'The'],
        ],
      ],
      [
        'rna.txt',
        'Protein synthesis happens in two stages inside every living cell.\nTranscription\nmRNA carries the genetic code from the nucleus to the ribosome. The ribosome reads the code three letters at a time.\nTranslation\ntRNA brings amino acids to the ribosome. Each codon matches one amino acid in the chain.',
        [
          ['Transcription', 'mRNA'],
          ['Translation', 'tRNA'],
        ],
      ],
      [
        'cjk.txt',
        '光合作用\n绿色植物把光能转化为化学能。叶绿素吸收红光和蓝光。\n细胞呼吸\n线粒体分解葡萄糖以释放能量。细胞利用这些能量生长。',
        [
          ['光合作用', '绿色植物'],
          ['细胞呼吸', '线粒体'],
        ],
      ],
    ]
    for (const [filename, text, headings] of files) {
      const upload = await uploadDocument(client, user, filename, text)
      upload.assertStatus(201)
      const id = upload.body().document.id
      for (const tool of ['summary', 'study-guide', 'flashcards', 'trivia-game']) {
        await resetAiLimiter()
        const response = await runTool(client, user, tool, { documentId: id })
        if (response.status() === 422) continue
        response.assertStatus(201)
        for (const value of strings(response.body()))
          for (const [heading, opener] of headings)
            assert.notInclude(value, `${heading} ${opener}`, `${filename} ${tool}: "${heading}" glued`)
      }
    }
  })

  test('invisible joiners inside words are dropped at upload; emoji sequences keep theirs', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await aiUser()
    dropStoredFiles(user.id, cleanup)
    const text = [
      'Chloro\u2060phyll is the green pigment that absorbs light in the leaves of plants.',
      'Mito\u200dchondria break down glucose\u200c to release energy for the cell.',
      'Scientists 👩\u200d🔬 study cells under the microscope every day.',
    ].join(' ')
    const upload = await uploadDocument(client, user, 'joiners.txt', text)
    upload.assertStatus(201)
    const id = upload.body().document.id
    const qa = await runTool(client, user, 'qa', { documentId: id, user_query: 'What is chlorophyll?' })
    qa.assertStatus(200)
    assert.isTrue(qa.body().found)
    assert.include(qa.body().answer, 'Chlorophyll is the green pigment')
    await resetAiLimiter()
    const summary = await runTool(client, user, 'study-guide', { documentId: id })
    summary.assertStatus(201)
    const all = strings(summary.body()).join(' ')
    assert.include(all, 'Mitochondria break down glucose to release')
    assert.include(all, '👩\u200d🔬')
  })
})
