import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { ApiClient } from '@japa/api-client'
import { aiGroup, aiUser, BIOLOGY_TEXT } from '#tests/support/ai'
import {
  buildLayoutPdf,
  buildStyledDocx,
  figureStream,
  photosynthesisDocx,
  wrapLines,
} from '#tests/support/structured_fixtures'
import { metaContent } from '#tests/support/catalog_html'
import { swapExtractionSettings, swapSettings } from '#tests/support/settings'
import { AiSettings } from '#services/ai/ai_settings'
import { embeddingQueue } from '#services/ai/embeddings/embedding_queue'
import { workerPoolStats } from '#services/documents/document_reader'

const upload = (client: ApiClient, user: any, filename: string, buffer: Buffer) =>
  client.post(urlFor('api.documents.upload')).file('file', buffer, { filename }).loginAs(user).withCsrfToken()

const WHY =
  'Photosynthesis is the process by which green plants convert light energy into chemical energy. It feeds almost every food chain on Earth.'
const LIGHT =
  'The light-dependent reactions convert light energy into ATP and NADPH in the thylakoid membranes. Water is split and oxygen is released.'

/** Issue 29 "reading your own upload" and issue 25 item 3, through the real upload and page. */
test.group('Uploads keep their structure on the document page (issues 25 and 29)', (group) => {
  aiGroup(group)

  test('Word keeps headings, list and table; Markdown shows no raw "|" or "#"', async ({ client, assert }) => {
    const user = await aiUser()
    const docx = photosynthesisDocx(WHY, LIGHT)
    const md = `# Why photosynthesis matters\n\n${WHY}\n\n| Stage | Place |\n|---|---|\n| Calvin cycle | stroma |\n\n## The light-dependent reactions\n\n- Chlorophyll absorbs light.\n- Water is split into oxygen.\n\n${LIGHT}`
    for (const [name, bytes] of [
      ['notes.docx', docx],
      ['notes.md', Buffer.from(md)],
    ] as const) {
      const response = await upload(client, user, name, bytes)
      response.assertStatus(201)
      const { slug } = response.body().document
      const page = (await client.get(urlFor('pages.documents.show', { slug })).loginAs(user)).text()
      const article = page.slice(page.indexOf('data-testid="document-text"'))
      assert.match(article, /<h2[^>]*>Why photosynthesis matters<\/h2>/, name)
      assert.match(article, /<h[23][^>]*>The light-dependent reactions<\/h[23]>/, name)
      assert.match(article, /<li>Chlorophyll absorbs light\.<\/li>\s*<li>Water is split into oxygen\.<\/li>/, name)
      assert.match(article, /<th[^>]*>Stage<\/th>/, name)
      assert.match(article, /<td[^>]*>stroma<\/td>/, name)
      assert.match(article, new RegExp(`<p[^>]*>${WHY}</p>`), name)
      assert.notMatch(
        article.slice(0, article.indexOf('</section>')),
        /\| Stage|# Why|Why photosynthesis matters Photosynthesis/,
        name
      )
      assert.equal(metaContent(page, 'description'), WHY)
      assert.include(page, '1 page ·')
    }
  })

  test('a Word upload with nested list levels shows nested lists on the document page', async ({ client, assert }) => {
    const user = await aiUser()
    const docx = buildStyledDocx([
      { text: WHY },
      {
        items: [
          { text: 'Light reactions', level: 0 },
          { text: 'Photosystem II splits water.', level: 1 },
          { text: 'Ferredoxin carries electrons.', level: 2 },
          { text: 'Calvin cycle', level: 0 },
          { text: 'Rubisco fixes carbon dioxide.', level: 1, ordered: true },
        ],
      },
    ])
    const response = await upload(client, user, 'nested.docx', docx)
    response.assertStatus(201)
    const { slug } = response.body().document
    const page = (await client.get(urlFor('pages.documents.show', { slug })).loginAs(user)).text()
    const article = page.slice(page.indexOf('data-testid="document-text"'))
    assert.match(
      article,
      /<li>Light reactions<ul[^>]*><li>Photosystem II splits water\.<ul[^>]*><li>Ferredoxin carries electrons\.<\/li><\/ul><\/li><\/ul><\/li>/
    )
    assert.match(article, /<li>Calvin cycle<ol[^>]*><li>Rubisco fixes carbon dioxide\.<\/li><\/ol><\/li>/)
  })

  test('ingest never blocks: liveness and catalog pages answer meanwhile', async ({ client, assert, cleanup }) => {
    cleanup(swapSettings(AiSettings, { embeddingsEnabled: true }))
    cleanup(swapExtractionSettings({ timeoutMs: 120_000 }))
    const user = await aiUser()
    // Two pages of notes and a page with a large drawing: seconds of reading for PDF.js.
    const notes = BIOLOGY_TEXT.split('\n\n').flatMap((p, i) => [
      { text: `Part ${i + 1}`, size: 15, gapBefore: 10 },
      ...wrapLines(p, 80).map((text) => ({ text, size: 11 })),
    ])
    const pdf = buildLayoutPdf([notes, [{ text: 'Figure 1: a chloroplast.', size: 11 }]], {
      1: figureStream(12 * 1024 * 1024),
    })
    let uploaded = false
    const pending = upload(client, user, 'large.pdf', pdf).then((r) => {
      uploaded = true
      return r
    })
    const deadline = Date.now() + 20_000
    while (workerPoolStats().busy === 0 && !uploaded && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5))
    assert.isFalse(uploaded, 'the upload should still be reading the file')
    // Served before the file is read: the reading runs in a worker thread.
    ;(await client.get(urlFor('api.health.live'))).assertStatus(200)
    ;(await client.get(urlFor('pages.documents.index'))).assertStatus(200)
    assert.isFalse(uploaded, 'liveness and the catalog answered only after the file was read')
    const response = await pending
    response.assertStatus(201)
    const id = Number(response.body().document.id)
    // Served while the chunks are embedded: the encoder runs in its own worker thread.
    let servedWhileEmbedding = 0
    while (embeddingQueue.has(id)) {
      ;(await client.get(urlFor('api.health.live'))).assertStatus(200)
      if (embeddingQueue.has(id)) servedWhileEmbedding++
    }
    assert.isAbove(servedWhileEmbedding, 0, 'no request was answered while the document was embedded')
    assert.equal((await db.from('documents').where('id', id).first()).embedding_status, 'ready')
  }).timeout(150_000)
})
