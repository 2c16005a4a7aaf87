import { test } from '@japa/runner'
import { uploadDocument } from '#tests/support/uploads'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { aiGroup, aiUser, BIOLOGY_TEXT } from '#tests/support/ai'

const NAMES = ['Лекция 1.txt', '笔记 第一章.txt', 'notes 🧬 cells.md', 'a "quoted" name; v2.txt']

test.group('Hostile I/O: a download with any file name (issue 23.1, CONTRACT 15)', (group) => {
  aiGroup(group)

  test('Cyrillic, Chinese, emoji and quote names download with an RFC 6266 header', async ({ client, assert }) => {
    const user = await aiUser()
    for (const name of NAMES) {
      const upload = await uploadDocument(client, user, name)
      upload.assertStatus(201)
      const id = upload.body().document.id
      const download = await client.get(urlFor('api.my.documents.file', { id })).loginAs(user)
      download.assertStatus(200)
      assert.equal(download.text(), BIOLOGY_TEXT, name)
      const header = String(download.header('content-disposition'))
      assert.match(header, /^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/, name)
      const encoded = header.split("filename*=UTF-8''")[1]
      assert.equal(decodeURIComponent(encoded), name)
      const health = await client.get('/api/health/live')
      health.assertStatus(200)
    }
  })
})
