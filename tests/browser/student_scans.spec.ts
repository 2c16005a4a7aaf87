import { test } from '@japa/runner'
import type { TestContext } from '@japa/runner/core'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import FeatureFlag from '#models/feature_flag'
import { aiUser } from '#tests/support/ai'
import { setFlag } from '#tests/support/flags'
import { swapExtractionSettings } from '#tests/support/settings'
import { scannedTwoPages } from '#tests/support/scanned_pdf'
import { resetWorkerPool } from '#services/documents/document_reader'
import type User from '#models/user'
import { axeViolations } from '#tests/support/browser_axe'
import { deleteUsers, visitHydrated } from '#tests/support/browser_session'
import { sendUpload } from '#tests/support/browser_actions'

/*
| Issue 29 item 8 in Chromium: a scanned two-page PDF uploaded from My documents becomes text
| the student can read (flag on), with "Reading scanned page n of 2" meanwhile; flag off, the
| dialog says scans are not read and offers no "Try again".
*/

async function openUpload(visit: TestContext['visit'], browserContext: TestContext['browserContext'], owner: User) {
  await browserContext.loginAs(owner)
  const page = await visitHydrated(visit, urlFor('pages.workspace.my_documents'))
  await sendUpload(page, { name: 'lecture-scan.pdf', mimeType: 'application/pdf', buffer: scannedTwoPages() })
  return page
}

test.group('Browser / scanned PDFs are read (issue 29 item 8)', (group) => {
  const userIds: number[] = []
  let flagBefore: boolean | null = null
  group.setup(async () => {
    flagBefore = (await FeatureFlag.findBy('name', 'enable_ocr_processing'))?.isEnabled ?? null
  })
  group.teardown(async () => {
    if (flagBefore === null) await FeatureFlag.query().where('name', 'enable_ocr_processing').delete()
    else await setFlag('enable_ocr_processing', flagBefore)
  })
  group.each.teardown(async () => {
    await resetWorkerPool()
    await deleteUsers(userIds.splice(0))
  })

  test('flag on: the upload shows the scanned pages being read, then the document page shows their text', async ({
    visit,
    browserContext,
    assert,
    cleanup,
  }) => {
    // About what is read, not how fast: a loaded machine must not turn it into a time refusal.
    cleanup(swapExtractionSettings({ ocr: { pageTimeoutMs: 60_000 }, timeoutMs: 60_000 }))
    const owner = await aiUser()
    userIds.push(owner.id)
    await setFlag('enable_ocr_processing', true)
    const page = await openUpload(visit, browserContext, owner)

    await page
      .getByTestId('upload-stage')
      .filter({ hasText: /Reading scanned page [12] of 2/ })
      .waitFor({ timeout: 60_000 })
    await page.getByTestId('upload-success').waitFor({ timeout: 90_000 })

    const document = await db.from('documents').where('owner_id', owner.id).firstOrFail()
    assert.equal(document.page_count, 2)
    await page.goto(urlFor('pages.documents.show', { slug: document.slug }))
    await page
      .getByText(/Rubisco fixes carbon dioxide/i)
      .first()
      .waitFor()
    const body = await page.locator('main').innerText()
    assert.match(body, /chloroplasts/i)
    assert.match(body, /Calvin cycle/i)
  }).timeout(150_000)

  test('flag off: the dialog says scanned files are not read and offers no "Try again"', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const owner = await aiUser()
    userIds.push(owner.id)
    await setFlag('enable_ocr_processing', false)
    const page = await openUpload(visit, browserContext, owner)

    const error = page.getByTestId('upload-error')
    await error.waitFor({ timeout: 60_000 })
    assert.include(await error.innerText(), 'scanned files are not read')
    assert.equal(await error.getByRole('button', { name: 'Try again' }).count(), 0)
    assert.equal((await db.from('documents').where('owner_id', owner.id)).length, 0)

    // The dialog in this state passes axe too.
    assert.deepEqual(await axeViolations(page), [])
  }).timeout(90_000)
})
