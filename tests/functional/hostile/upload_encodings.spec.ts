import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { uploadDocument } from '#tests/support/uploads'
import { aiGroup, aiUser } from '#tests/support/ai'

const RUSSIAN = 'Фотосинтез превращает энергию света в химическую энергию. Он идёт в хлоропластах клеток листа.'
const FRENCH = 'La photosynthèse se déroule dans le chloroplaste. Elle produit du sucre et libère de l’oxygène.'

async function storedText(id: string) {
  const chunks = await db.from('document_chunks').where('document_id', id).orderBy('chunk_index')
  return chunks.map((c) => c.content).join('\n\n')
}

test.group("Hostile I/O: the encodings a student's text file comes in (docs/rules/documents.md#upload)", (group) => {
  aiGroup(group)

  test('UTF-16 with a byte-order mark (Notepad "Unicode") reads as its text', async ({ client, assert }) => {
    const user = await aiUser()
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(RUSSIAN, 'utf16le')])
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(RUSSIAN, 'utf16le').swap16()])
    for (const [name, bytes] of [
      ['le.txt', le],
      ['be.md', be],
    ] as const) {
      const response = await uploadDocument(client, user, name, bytes)
      assert.equal(response.status(), 201, `${name}: ${JSON.stringify(response.body())}`)
      assert.equal(await storedText(response.body().document.id), RUSSIAN, name)
    }
  })

  test('a UTF-8 file with one broken byte keeps its text; only that byte is lost', async ({ client, assert }) => {
    const user = await aiUser()
    const [first, second] = RUSSIAN.split('. ')
    const bytes = Buffer.concat([Buffer.from(`${first}. `), Buffer.from([0xc3]), Buffer.from(second)])
    const response = await uploadDocument(client, user, 'broken.txt', bytes)
    response.assertStatus(201)
    const text = await storedText(response.body().document.id)
    assert.include(text, first)
    assert.include(text, second)
  })

  test('a Windows-1252 file keeps its accents and curly quotes', async ({ client, assert }) => {
    const user = await aiUser()
    const cp1252 = Buffer.from([...FRENCH].map((c) => (c === '’' ? 0x92 : c.charCodeAt(0))))
    const response = await uploadDocument(client, user, 'old.txt', cp1252)
    response.assertStatus(201)
    assert.equal(await storedText(response.body().document.id), FRENCH)
  })

  test('CRLF, CR and LF line ends in one file read as the same paragraphs', async ({ client, assert }) => {
    const user = await aiUser()
    const response = await uploadDocument(
      client,
      user,
      'mixed.txt',
      `${RUSSIAN}\r\n\r\n${FRENCH}\r\rThe end of the notes.\n`
    )
    response.assertStatus(201)
    const text = await storedText(response.body().document.id)
    assert.notInclude(text, '\r')
    assert.include(text, RUSSIAN)
    assert.include(text, FRENCH)
  })
})
