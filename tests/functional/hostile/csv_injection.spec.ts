import { test } from '@japa/runner'
import { api } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import AiFlashcard from '#models/ai_flashcard'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { aiGroup, aiUser, ownedDocument } from '#tests/support/ai'

/** Cells a spreadsheet would run as a formula (OWASP "CSV Injection"), and what the export must write. */
const HOSTILE: [string, string][] = [
  ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
  ['+1+1', `"'+1+1"`],
  ['-2+3', `"'-2+3"`],
  ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
  ['\t=1+1', `"'\t=1+1"`],
  ['\r=1+1', `"'\r=1+1"`],
]

test.group('Hostile I/O: flashcard CSV export neutralises formulas (issue 23.10, OWASP)', (group) => {
  aiGroup(group)

  test('cells starting with = + - @ tab or CR get a leading quote; others unchanged', async ({ client, assert }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    const set = (
      await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'flashcards' }), {
        documentId: doc.id,
        count: 2,
      })
    ).body()
    const cards = await db.from('ai_flashcards').where('set_id', set.id).orderBy('position')
    assert.isAtLeast(cards.length, 1)
    await db.from('ai_flashcards').where('set_id', set.id).delete()
    await AiFlashcard.createMany([
      ...HOSTILE.map(([front], i) => ({ setId: set.id, position: i, front, back: 'plain answer' })),
      { setId: set.id, position: HOSTILE.length, front: 'What is 1 - 1?', back: 'zero, "0"' },
    ])

    const csv = await client
      .get(urlFor('api.ai.flashcards.export', { setId: set.id }, { qs: { format: 'csv' } }))
      .loginAs(user)
    csv.assertStatus(200)
    const body = csv.text()
    assert.isTrue(body.startsWith('front,back\r\n'))
    for (const [, expected] of HOSTILE) assert.include(body, `${expected},"plain answer"\r\n`)
    assert.include(body, `"What is 1 - 1?","zero, ""0"""\r\n`)
    for (const [raw] of HOSTILE) assert.notInclude(body, `"${raw.replace(/"/g, '""')}"`)
  })
})
