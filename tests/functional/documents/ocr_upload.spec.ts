import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { randomUUID } from 'node:crypto'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { aiGroup, aiUser, countRows } from '#tests/support/ai'
import { setFlag } from '#tests/support/flags'
import { swapExtractionSettings } from '#tests/support/settings'
import { createUser } from '#tests/support/users'
import { buildScannedPdf, scannedTwoPages } from '#tests/support/scanned_pdf'
import { resetWorkerPool, workerPoolStats } from '#services/documents/document_reader'

/*
| Issue 29 item 8, docs/rules/documents.md#upload-limits: with enable_ocr_processing on, image-only PDF pages
| are rendered and recognised offline during the upload (worker pool, OCR_MAX_PAGES, OCR_PAGE_TIMEOUT_MS), with
| progress under the browser's token; off, a scan answers 400 "scanned files are not read".
*/

const upload = (client: ApiClient, user: any, filename: string, buffer: Buffer, token?: string) => {
  const request = client
    .post(urlFor('api.documents.upload'))
    .file('file', buffer, { filename })
    .loginAs(user)
    .withCsrfToken()
  return token ? request.header('X-Upload-Token', token) : request
}

/** These tests are about what is read, not how fast: a loaded machine must not turn them into a time refusal. */
const UNHURRIED = { ocr: { pageTimeoutMs: 60_000 }, timeoutMs: 60_000 }

const progressUrl = (token: string) => urlFor('api.documents.uploadProgress', { token })

test.group('Scanned PDFs (issue 29 item 8)', (group) => {
  aiGroup(group)
  group.each.teardown(() => resetWorkerPool())

  test('flag off: a scan → 400 (scans not read); nothing stored, no quota used', async ({ client, assert }) => {
    const user = await aiUser({ plan: 'free' })
    await setFlag('enable_ocr_processing', false)
    const response = await upload(client, user, 'slides.pdf', scannedTwoPages())
    response.assertStatus(400)
    assert.equal(response.body().code, 'BAD_REQUEST')
    assert.match(response.body().message, /scanned files are not read/)
    assert.deepEqual(response.body().errors, [{ field: 'file', rule: 'scanned', message: response.body().message }])
    assert.equal(await countRows('documents', { owner_id: user.id }), 0)
  })

  test('flag on: both pages are read; the text is searchable in the catalog', async ({ client, assert, cleanup }) => {
    cleanup(swapExtractionSettings(UNHURRIED))
    const user = await aiUser()
    await setFlag('enable_ocr_processing', true)
    const response = await upload(client, user, 'photosynthesis-scan.pdf', scannedTwoPages()).field(
      'visibility',
      'public'
    )
    response.assertStatus(201)
    const document = response.body().document
    assert.equal(document.page_count, 2)
    assert.equal(document.ingest_status, 'ready')

    const chunks = await db.from('document_chunks').where('document_id', document.id).orderBy('chunk_index')
    const text = chunks.map((c) => c.content).join(' ')
    for (const word of [/photosynthesis/i, /chloroplasts/i, /oxygen/i, /calvin cycle/i, /carbon dioxide/i, /glucose/i])
      assert.match(text, word)

    const page = await client.get(urlFor('api.documents.show', { slug: document.slug })).loginAs(user)
    page.assertStatus(200)
    assert.match(page.body().text, /Rubisco fixes carbon dioxide/i)

    const search = await client.get(urlFor('api.documents.index')).qs({ q: 'chlorophyll' }) // a word of the description (its first body sentences; headings are skipped)
    search.assertStatus(200)
    assert.include(
      search.body().data.map((d: any) => d.slug),
      document.slug
    )
  }).timeout(120_000)

  test('flag on: "scanned page n of 2" progress goes to the owner only', async ({ client, assert, cleanup }) => {
    cleanup(swapExtractionSettings(UNHURRIED))
    const user = await aiUser()
    const stranger = await createUser({ verified: true })
    await setFlag('enable_ocr_processing', true)
    const token = randomUUID()
    ;(await client.get(progressUrl(token)).loginAs(user)).assertStatus(404)

    let done = false
    const pending = upload(client, user, 'scan.pdf', scannedTwoPages(), token).then((r) => {
      done = true
      return r
    })
    const seen: string[] = []
    let strangerStatus = 0
    while (!done) {
      const poll = await client.get(progressUrl(token)).loginAs(user)
      if (poll.status() === 200 && poll.body().stage === 'ocr') {
        seen.push(`${poll.body().page}/${poll.body().pages}`)
        if (!strangerStatus) strangerStatus = (await client.get(progressUrl(token)).loginAs(stranger)).status()
      }
      await new Promise((r) => setTimeout(r, 40))
    }
    const finished = await pending
    assert.equal(finished.status(), 201, finished.body().message)
    assert.include(seen, '1/2')
    assert.include(seen, '2/2')
    assert.equal(strangerStatus, 404)
    // Finished: the progress is gone; a token that is not a UUID is refused.
    ;(await client.get(progressUrl(token)).loginAs(user)).assertStatus(404)
    ;(await upload(client, user, 'scan.pdf', scannedTwoPages(), 'not-a-uuid')).assertStatus(400)
  }).timeout(120_000)

  test('flag on: more pages than OCR_MAX_PAGES → 400 naming the limit', async ({ client, assert, cleanup }) => {
    cleanup(swapExtractionSettings({ ocr: { maxPages: 2 } }))
    const user = await aiUser({ plan: 'free' })
    await setFlag('enable_ocr_processing', true)
    const response = await upload(client, user, 'three.pdf', buildScannedPdf([['One'], ['Two'], ['Three']]))
    response.assertStatus(400)
    assert.equal(response.body().message, 'The file has more than 2 scanned pages to read.')
    assert.equal(response.body().errors[0].rule, 'pages')
    assert.equal(await countRows('documents', { owner_id: user.id }), 0)
  }).timeout(120_000)

  test('flag on: OCR over its time budget → 400; the worker is recycled', async ({ client, assert, cleanup }) => {
    cleanup(swapExtractionSettings({ ocr: { pageTimeoutMs: 300 } }))
    const user = await aiUser()
    await setFlag('enable_ocr_processing', true)
    const response = await upload(client, user, 'slow-scan.pdf', scannedTwoPages())
    response.assertStatus(400)
    assert.equal(response.body().message, 'Reading the scanned pages took longer than 0.6 s (0.3 s per page).')
    assert.equal(response.body().errors[0].rule, 'time')
    assert.equal(workerPoolStats().busy, 0)
    assert.equal(await countRows('documents', { owner_id: user.id }), 0)
    ;(
      await upload(
        client,
        user,
        'fine.txt',
        Buffer.from('Cells divide by mitosis. Each daughter cell has the same genome.')
      )
    ).assertStatus(201)
  }).timeout(120_000)
})
