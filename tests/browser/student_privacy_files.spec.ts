import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { BrowserContext } from 'playwright'
import { aiUser, BIOLOGY_TEXT, buildPdf } from '#tests/support/ai'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { visitSignedIn } from '#tests/support/browser_session'
import { AiStudents } from '#tests/support/browser_ai'
import { uploadThroughDialog } from '#tests/support/browser_actions'

/*
| Issue 29 items 1 and 2: publishing is an explicit, undoable choice, and the owner gets the
| original file back (download) and can open it in the browser.
*/
/** The original is shown from a blob: address and Chromium's PDF viewer took the frame (its dark shell). */
async function assertPdfViewer(page: any, assert: any) {
  const viewer = page.getByTestId('original-viewer')
  await viewer.waitFor()
  const src = (await viewer.getAttribute('src'))!
  assert.match(src, /^blob:/)
  const frame = page.frames().find((f: any) => f.url() === src)
  assert.exists(frame)
  await frame!.waitForLoadState()
  assert.include(await frame!.content(), 'background-color:rgb(40,40,40)')
}

test.group('Browser / privacy by choice and your files (issue 29)', (group) => {
  const users = new AiStudents()
  group.each.teardown(() => users.delete())
  const myDocuments = (browserContext: BrowserContext, owner: User) =>
    visitSignedIn(browserContext, owner, urlFor('pages.workspace.my_documents'))

  test('publishing asks first, says who will see what, and can be undone', async ({ browserContext, assert }) => {
    const myDocumentsUrl = urlFor('pages.workspace.my_documents')
    const notes = { text: BIOLOGY_TEXT, title: 'Private lecture notes' }
    const { doc: document, page } = await users.withDocument(browserContext, myDocumentsUrl, notes)

    const select = page.getByLabel('Visible to')
    assert.equal(await select.inputValue(), 'private')
    assert.equal(await select.locator('option:checked').innerText(), 'Only me')

    // Choosing "Everyone" asks; cancelling changes nothing.
    await select.selectOption('public')
    const dialog = page.getByRole('alertdialog', { name: 'Publish “Private lecture notes”?' })
    await dialog.waitFor()
    const explanation = await dialog.innerText()
    assert.include(explanation, 'not signed in')
    assert.include(explanation, 'catalog search')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    assert.equal(await select.inputValue(), 'private')
    assert.equal((await db.from('documents').where('id', document.id).first()).visibility, 'private')

    // Confirming publishes, and the toast offers Undo.
    await select.selectOption('public')
    await dialog.getByRole('button', { name: 'Publish to everyone' }).click()
    const toast = page.locator('[data-testid="toast"]', { hasText: 'is now public' })
    await toast.waitFor()
    assert.equal(await select.inputValue(), 'public')
    assert.equal((await db.from('documents').where('id', document.id).first()).visibility, 'public')

    await toast.getByRole('button', { name: 'Undo' }).click()
    await page.locator('[data-testid="toast"]', { hasText: 'is now private' }).waitFor()
    assert.equal(await select.inputValue(), 'private')
    assert.equal((await db.from('documents').where('id', document.id).first()).visibility, 'private')
  }).timeout(60_000)

  test('the upload dialog states the default visibility', async ({ browserContext, assert }) => {
    const page = await myDocuments(browserContext, users.add(await aiUser()))
    await page.click('[data-testid="open-upload"]')
    assert.include(await page.getByTestId('upload-visibility-default').innerText(), 'Visible to: only you.')
  })

  test('the original downloads from My documents and opens there and on the document page', async ({
    browserContext,
    assert,
  }) => {
    const pdf = buildPdf(['Photosynthesis converts light energy into chemical energy.'])
    const page = await myDocuments(browserContext, users.add(await aiUser()))
    await uploadThroughDialog(page, { name: 'lecture.pdf', mimeType: 'application/pdf', buffer: pdf })
    const row = page.getByTestId('my-document-row').first()
    await row.getByTestId('download-original').waitFor()

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('download-original').click()])
    assert.equal(download.suggestedFilename(), 'lecture.pdf')
    const stream = await download.createReadStream()
    const parts: Buffer[] = []
    for await (const part of stream) parts.push(part as Buffer)
    assert.isTrue(Buffer.concat(parts).equals(pdf))

    // My documents opens it in the browser's PDF viewer, and so does the document page.
    await row.getByTestId('view-original').click()
    await assertPdfViewer(page, assert)
    await row.getByRole('link', { name: /^Read/ }).click()
    await page.waitForLoadState('networkidle')
    await page.getByTestId('owner-panel').getByTestId('view-original').click()
    await assertPdfViewer(page, assert)
  }).timeout(60_000)
})
