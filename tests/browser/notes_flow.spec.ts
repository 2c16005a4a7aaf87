import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { errorReply } from '#tests/support/browser_actions'
import { BrowserUsers, visitHydrated, visitSignedIn } from '#tests/support/browser_session'

/**
 * Issue 7 browser flow: create a note on /notes, add a reference from a document page with
 * Add to Notes, move its card on the canvas, reload, and find it where it was.
 * Browser tests commit for real and clean up their rows.
 */
test.group('Browser / notes', (group) => {
  const users = new BrowserUsers(['structured_notes'])
  const documentIds: number[] = []
  group.each.teardown(async () => {
    await users.delete()
    const docs = documentIds.splice(0)
    if (docs.length) await db.from('documents').whereIn('id', docs).delete()
  })

  test('create a note, add a reference from a document page, move its card, reload, find it there', async ({
    browserContext,
    assert,
  }) => {
    const user = users.add(await createUser())
    const document = await createDocument({ title: 'Thermodynamics primer', accessLevel: 'premium' }, [
      'Heat flows from hot to cold.',
    ])
    documentIds.push(document.id)

    // 1. Create a note in the editor.
    const page = await visitSignedIn(browserContext, user, urlFor('notes.index'))
    await page.getByTestId('new-note').click()
    await page.getByLabel('Title').fill('Physics revision')
    await page.getByLabel('Body').fill('Laws of thermodynamics')
    await page.getByTestId('save-note').click()
    await page.locator('[data-save-state="saved"]').waitFor()
    const note = await db.from('structured_notes').where('user_id', user.id).first()
    assert.equal(note.title, 'Physics revision')
    // The router owns the address: the new note's editor now lives at its own page.
    await page.waitForURL(new RegExp(`/notes/${note.id}$`))

    // 2. Add to Notes from the document page (the existing note is preselected).
    await page.goto(`/documents/${document.slug}`)
    await page.waitForLoadState('networkidle') // hydrated: the SSR button is interactive
    await page.getByRole('button', { name: 'Add to Notes' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add to Notes' })
    await dialog.getByLabel('Note').waitFor()
    assert.equal(await dialog.getByLabel('Note').inputValue(), String(note.id))
    await dialog.getByLabel('Context (optional)').fill('chapter 2')
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await dialog.getByText('Added to “Physics revision”').waitFor()
    const reference = await db.from('structured_note_references').where('note_id', note.id).first()
    assert.equal(reference.document_id, document.id)
    assert.equal(reference.context, 'chapter 2')

    // The editor shows the reference with its access badge.
    await page.goto(`/notes/${note.id}`)
    await page.getByTestId('note-reference').getByText('Thermodynamics primer').waitFor()
    assert.equal((await page.getByTestId('access-badge').textContent())?.trim(), 'premium')

    // 3. Move the card on the canvas.
    await page.goto('/notes/canvas')
    const card = page.getByTestId(`canvas-card-${note.id}`)
    await card.waitFor()
    const startX = Number(await card.getAttribute('data-x'))
    const startY = Number(await card.getAttribute('data-y'))
    const box = (await card.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2 + i * 15, box.y + box.height / 2 + i * 8)
    await page.mouse.up()
    await page.locator('[data-save-state="saved"]').waitFor()
    const canvas = await db.from('structured_note_canvas_items').where('note_id', note.id).first()
    assert.exists(canvas)
    assert.notEqual(Number(canvas.x), startX)
    assert.notEqual(Number(canvas.y), startY)

    // 4. Reload: the card is where it was left.
    await page.reload()
    const reloaded = page.getByTestId(`canvas-card-${note.id}`)
    await reloaded.waitFor()
    assert.equal(Number(await reloaded.getAttribute('data-x')), Math.round(Number(canvas.x)))
    assert.equal(Number(await reloaded.getAttribute('data-y')), Math.round(Number(canvas.y)))
  })

  test('a failed save shows failed with Retry and never saved', async ({ browserContext }) => {
    const user = users.add(await createUser())
    const page = await visitSignedIn(browserContext, user, urlFor('notes.create'))
    await page.getByLabel('Title').fill('Will fail first')
    let fail = true
    await page.route('**/api/notes', async (route) => {
      if (fail && route.request().method() === 'POST') return route.fulfill(errorReply())
      return route.continue()
    })
    await page.getByTestId('save-note').click()
    await page.locator('[data-save-state="failed"]').waitFor()
    await page.assertNotExists('[data-save-state="saved"]')
    fail = false
    await page.getByRole('button', { name: 'Retry' }).click()
    await page.locator('[data-save-state="saved"]').waitFor()
  })

  test('anonymous Add to Notes goes to /login?next=<page>', async ({ visit }) => {
    const document = await createDocument({ title: 'Public doc' })
    documentIds.push(document.id)
    const page = await visitHydrated(visit, urlFor('pages.documents.show', { slug: document.slug }))
    await page.getByRole('button', { name: 'Add to Notes' }).click()
    await page.waitForURL(/\/login\?next=/)
    await page.assertUrlContains(`next=${encodeURIComponent(`/documents/${document.slug}`)}`)
  })
})
