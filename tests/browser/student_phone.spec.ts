import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { aiUser, ownedDocument } from '#tests/support/ai'
import { createCatalogTrail, trailPaths, type CatalogSlugs } from '#tests/support/browser_catalog'
import { BrowserUsers, CleanupSteps, Findings, visitHydrated, visitSignedIn } from '#tests/support/browser_session'
import { PHONE, phoneOverflow, visitOnPhone } from '#tests/support/browser_phone'
import AiFlashcardSet from '#models/ai_flashcard_set'
import AiFlashcard from '#models/ai_flashcard'

/*
| Issue 29 item 7: at 390 × 844 no main page scrolls sideways, and the phone menu is a
| disclosure that works by keyboard.
*/
test.group('Browser / phones first-class at 390 × 844 (issue 29)', (group) => {
  const cleanup = new CleanupSteps()
  let slugs: CatalogSlugs

  group.setup(async () => {
    const text =
      '# Stages\n\n| Stage | Where it happens | Products of the stage |\n|---|---|---|\n| Light reactions | Thylakoid membranes | ATP, NADPH and oxygen |\n| Calvin cycle | Stroma | Glucose |\n\nPhotosynthesis converts light energy into chemical energy.'
    slugs = await createCatalogTrail(
      {
        institution: 'Phone University of Remarkably Long Names',
        course: 'Mobile Interaction Design and Evaluation',
        document: 'Photosynthesis: stages and products',
        text,
      },
      cleanup
    )
    return () => cleanup.run()
  })

  test('no public page overflows horizontally', async ({ visit, assert }) => {
    // The probe itself sees a 600 px wide element (so a pass below means something).
    const probe = await visitOnPhone(visit, '/') // hydrated: React will not replace the probe
    await probe.evaluate(() =>
      (globalThis as any).document
        .querySelector('main')
        .insertAdjacentHTML('beforeend', '<div id="too-wide" style="width:600px;height:1px"></div>')
    )
    assert.isNotEmpty(await phoneOverflow(probe))

    const paths = [
      '/',
      ...trailPaths(slugs),
      '/pricing',
      '/login',
      '/signup',
      '/ai',
      '/ai/ask-documents',
      '/ai/course-builder',
    ]
    assert.deepEqual(await new Findings().sweep(visit, paths, phoneOverflow), {})
  }).timeout(180_000)

  test('no signed-in page overflows horizontally', async ({ visit, browserContext, assert }) => {
    const user = await aiUser()
    cleanup.first(() => db.from('users').where('id', user.id).delete())
    cleanup.first(() => db.from('documents').where('owner_id', user.id).delete())
    cleanup.first(() => db.from('structured_notes').where('user_id', user.id).delete())
    const lecture = await ownedDocument(user.id, undefined, {
      title: 'A lecture with a rather long title about cellular respiration and energy',
    })
    // A study library with an item (issue 27), so /study and the item page show real rows.
    const set = await AiFlashcardSet.create({
      userId: user.id,
      title: 'Flashcards: A lecture with a rather long title about cellular respiration and energy',
      scope: { document_ids: [String(lecture.id)], course_id: null },
      provider: 'local',
    })
    await AiFlashcard.create({
      setId: set.id,
      position: 0,
      front: 'What is a rather long question about cellular respiration?',
      back: 'A long answer.',
      citation: { document_id: String(lecture.id), chunk_index: 0 },
    })
    await browserContext.loginAs(user)
    const paths = [
      '/dashboard',
      '/my-documents',
      '/my-courses',
      '/notes',
      '/notes/canvas',
      '/settings',
      '/settings/billing',
      '/ai/flashcard-builder',
      '/ai/practice-test',
      '/ai-courses',
      '/onboarding',
      '/study',
      `/study/flashcards/${set.id}`,
      `/documents/${lecture.slug}?passage=0`,
    ]
    assert.deepEqual(await new Findings().sweep(visit, paths, phoneOverflow), {})
  }).timeout(180_000)

  test('the phone menu opens and closes by keyboard', async ({ visit, assert }) => {
    const page = await visitOnPhone(visit, '/pricing')
    const button = page.getByRole('button', { name: 'Menu' })
    const signIn = page.getByRole('link', { name: 'Sign in' })
    assert.equal(await button.getAttribute('aria-expanded'), 'false')
    assert.isFalse(await page.getByRole('link', { name: 'Institutions' }).isVisible())

    await button.focus()
    await page.keyboard.press('Enter')
    assert.equal(await button.getAttribute('aria-expanded'), 'true')
    await signIn.waitFor()
    // Focus moved into the menu, on its first link.
    assert.equal(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent), 'Institutions')

    await page.keyboard.press('Escape')
    assert.equal(await button.getAttribute('aria-expanded'), 'false')
    assert.isFalse(await page.getByRole('link', { name: 'Institutions' }).isVisible())
    assert.equal(
      await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('data-testid')),
      'menu-button'
    )

    await page.keyboard.press('Space')
    assert.equal(await button.getAttribute('aria-expanded'), 'true')
    await page.keyboard.press('Tab')
    assert.equal(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent), 'Courses')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/courses$/)
  }).timeout(60_000)
})

test.group('Browser / notes on any screen (issue 29)', (group) => {
  const users = new BrowserUsers(['structured_notes'])
  group.each.teardown(() => users.delete())

  test('/notes, /notes/canvas and /notes/new show a single "New note" control', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(users.add(await aiUser()))
    for (const path of ['/notes', '/notes/canvas']) {
      const page = await visitHydrated(visit, path)
      assert.equal(await page.getByText('New note', { exact: true }).count(), 1, path)
    }
    const editor = await visitHydrated(visit, '/notes/new')
    assert.isAtMost(await editor.getByText('New note', { exact: true }).count(), 1)
  }).timeout(60_000)

  test('on a phone a canvas card opens with a tap on Open (no double-click needed)', async ({ browserContext }) => {
    const page = await visitSignedIn(browserContext, users.add(await aiUser()), '/notes/new')
    await page.getByLabel('Title').fill('Pocket note')
    await page.getByTestId('save-note').click()
    await page.waitForURL(/\/notes\/\d+$/)
    const noteUrl = new URL(page.url()).pathname
    await page.setViewportSize(PHONE)
    await page.goto('/notes/canvas')
    await page.waitForLoadState('networkidle')
    await page.getByRole('link', { name: 'Open “Pocket note”' }).click()
    await page.waitForURL((url: URL) => url.pathname === noteUrl)
  }).timeout(60_000)
})
