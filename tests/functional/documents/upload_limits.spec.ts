import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { readdir } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { fromProjectRoot } from '#start/project_root'
import env from '#start/env'
import { aiGroup, aiUser, BIOLOGY_TEXT, buildPdf, countRows } from '#tests/support/ai'
import { buildFlatePdf, buildHugeDocx, buildSmallDocx, heavyContentStream } from '#tests/support/hostile_files'
import { swapExtractionSettings } from '#tests/support/settings'
import { resetWorkerPool, workerPoolStats } from '#services/documents/document_reader'

async function storedFiles(userId: number) {
  const dir = fromProjectRoot(`${env.get('STORAGE_PATH') || 'storage'}/documents/${userId}`)
  return existsSync(dir) ? (await readdir(dir)).length : 0
}

import type { ApiClient } from '@japa/api-client'

const upload = (client: ApiClient, user: any, filename: string, buffer: Buffer) =>
  client.post(urlFor('api.documents.upload')).file('file', buffer, { filename }).loginAs(user).withCsrfToken()

/** A slow PDF: one page whose content stream takes PDF.js seconds to read. */
const slowPdf = () => buildFlatePdf([heavyContentStream(12 * 1024 * 1024)])

/**
 * Issue 23 item 2, docs/rules/documents.md#upload-limits: a file over a limit answers 400 BAD_REQUEST naming
 * the limit, stores nothing and uses no quota; reading runs off the event loop and the worker is recycled.
 */
test.group('Upload limits: files are read off the event loop, bounded (issue 23)', (group) => {
  aiGroup(group)
  group.each.teardown(() => resetWorkerPool())

  test('a file over a cap → 400 naming it; nothing stored, no quota used', async ({ client, assert }) => {
    const restore = swapExtractionSettings({
      limits: { maxPages: 2, maxCharacters: 5000, maxInflatedBytes: 4 * 1024 * 1024 },
    })
    try {
      const user = await aiUser({ plan: 'free' })
      const filesBefore = await storedFiles(user.id)
      // A ZIP entry whose declared size lies: only inflating (within the budget) finds out.
      const liar = buildHugeDocx(5 * 1024 * 1024)
      liar.writeUInt32LE(100, liar.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24)
      const cases: [string, Buffer, RegExp, string][] = [
        ['three-pages.pdf', buildPdf([BIOLOGY_TEXT, BIOLOGY_TEXT, BIOLOGY_TEXT]), /more than 2 pages/, 'pages'],
        ['long.txt', Buffer.from('word '.repeat(2000)), /text is over 5,000 characters/, 'characters'],
        ['long.md', Buffer.from('# Title\n\n' + 'word '.repeat(2000)), /text is over 5,000 characters/, 'characters'],
        [
          'long.pdf',
          buildPdf([BIOLOGY_TEXT.repeat(4), BIOLOGY_TEXT.repeat(4)]),
          /text is over 5,000 characters/,
          'characters',
        ],
        ['long.docx', buildSmallDocx('word '.repeat(2000)), /text is over 5,000 characters/, 'characters'],
        ['bomb.docx', buildHugeDocx(5 * 1024 * 1024), /unpacks to more than 4 MB/, 'decompressed_size'],
        ['liar.docx', liar, /unpacks to more than 4 MB/, 'decompressed_size'],
        [
          'bomb.pdf',
          buildFlatePdf([heavyContentStream(5 * 1024 * 1024)]),
          /unpacks to more than 4 MB/,
          'decompressed_size',
        ],
      ]
      for (const [filename, buffer, message, rule] of cases) {
        const response = await upload(client, user, filename, buffer)
        assert.equal(response.status(), 400, filename)
        assert.equal(response.body().code, 'BAD_REQUEST', filename)
        assert.equal(response.body().status, 400, filename)
        assert.match(response.body().message, message, filename)
        assert.deepEqual(response.body().errors, [{ field: 'file', rule, message: response.body().message }], filename)
      }
      assert.equal(await countRows('documents', { owner_id: user.id }), 0)
      assert.equal(await storedFiles(user.id), filesBefore)
      // Within the caps the same kinds still read (and a free user's quota is untouched).
      ;(await upload(client, user, 'two-pages.pdf', buildPdf([BIOLOGY_TEXT, 'The end.']))).assertStatus(201)
      ;(await upload(client, user, 'short.docx', buildSmallDocx(BIOLOGY_TEXT))).assertStatus(201)
    } finally {
      restore()
    }
  })

  test('reading past the time limit → 400; the worker is recycled; next file reads', async ({ client, assert }) => {
    const restore = swapExtractionSettings({ timeoutMs: 300 })
    try {
      const user = await aiUser()
      const response = await upload(client, user, 'slow.pdf', slowPdf())
      response.assertStatus(400)
      assert.equal(response.body().message, 'Reading the file took longer than 0.3 s.')
      assert.equal(response.body().errors[0].rule, 'time')
      assert.equal(workerPoolStats().busy, 0)
      ;(await upload(client, user, 'fine.txt', Buffer.from(BIOLOGY_TEXT))).assertStatus(201)
    } finally {
      restore()
    }
  }).timeout(60_000)

  test('a file needing more memory than a worker has → 400; the next file reads', async ({ client, assert }) => {
    const restore = swapExtractionSettings({ pool: { heapMb: 48 } })
    await resetWorkerPool()
    try {
      const user = await aiUser()
      const response = await upload(client, user, 'heavy.docx', buildHugeDocx(12 * 1024 * 1024))
      response.assertStatus(400)
      assert.equal(response.body().message, 'Reading the file needed more than 48 MB of memory.')
      assert.equal(response.body().errors[0].rule, 'memory')
      ;(await upload(client, user, 'fine.txt', Buffer.from(BIOLOGY_TEXT))).assertStatus(201)
    } finally {
      restore()
    }
  }).timeout(60_000)

  test('while a slow file is read, other requests are answered', async ({ client, assert, cleanup }) => {
    // A loaded CI machine can take longer than the default 10 s on this file: the test is
    // about the event loop, not the time limit (tested above).
    cleanup(swapExtractionSettings({ timeoutMs: 120_000 }))
    const user = await aiUser()
    let uploadDone = false
    const slow = upload(client, user, 'slow.pdf', slowPdf()).then((r) => {
      uploadDone = true
      return r
    })
    // Wait until the worker has the file, then ask for liveness several times.
    const deadline = Date.now() + 20_000
    while (workerPoolStats().busy === 0 && !uploadDone && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5))
    assert.isFalse(uploadDone, 'the slow upload should still be running')
    for (let i = 0; i < 5; i++) (await client.get(urlFor('api.health.live'))).assertStatus(200)
    assert.isFalse(uploadDone, 'liveness must answer while the file is still being read')
    ;(await slow).assertStatus(201)
  }).timeout(150_000)

  test('all workers busy and the queue full → 503 with Retry-After (contract body)', async ({ client, assert }) => {
    const restore = swapExtractionSettings({ pool: { size: 1, maxQueue: 0 }, timeoutMs: 120_000 })
    await resetWorkerPool()
    try {
      const user = await aiUser()
      const slow = upload(client, user, 'slow.pdf', slowPdf()).then((r) => r)
      const deadline = Date.now() + 20_000
      while (workerPoolStats().busy === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5))
      const refused = await upload(client, user, 'fine.txt', Buffer.from(BIOLOGY_TEXT))
      refused.assertStatus(503)
      assert.equal(refused.body().code, 'SERVICE_UNAVAILABLE')
      assert.equal(refused.body().status, 503)
      assert.match(refused.header('retry-after') ?? '', /^\d+$/)
      ;(await slow).assertStatus(201)
    } finally {
      restore()
    }
  }).timeout(150_000)
})
