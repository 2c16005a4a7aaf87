import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { aiUser, ownedDocument } from '#tests/support/ai'
import AiFlashcardSet from '#models/ai_flashcard_set'
import AiFlashcard from '#models/ai_flashcard'

/*
| Issue 29 item 7: at 390 × 844 no main page scrolls sideways, and the phone menu is a
| disclosure that works by keyboard.
*/
const PHONE = { width: 390, height: 844 }

/** Elements that stick out to the right of the viewport (empty when nothing overflows). */
async function overflow(page: any) {
  await page.setViewportSize(PHONE)
  await page.waitForLoadState('networkidle')
  return page.evaluate(() => {
    const doc = (globalThis as any).document
    const width = doc.documentElement.clientWidth
    if (doc.documentElement.scrollWidth <= width) return []
    return Array.from(doc.querySelectorAll('body *') as ArrayLike<any>)
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}px`
      )
  })
}

test.group('Browser / phones first-class at 390 × 844 (issue 29)', (group) => {
  const cleanup: Array<() => Promise<unknown>> = []
  let slugs: { institution: string; course: string; document: string }

  group.setup(async () => {
    const institution = await createInstitution({
      name: 'Phone University of Remarkably Long Names',
      description: 'A university.',
    })
    const course = await createCourse({
      institutionId: institution.id,
      title: 'Mobile Interaction Design and Evaluation',
      description: 'A course.',
    })
    const text =
      '# Stages\n\n| Stage | Where it happens | Products of the stage |\n|---|---|---|\n| Light reactions | Thylakoid membranes | ATP, NADPH and oxygen |\n| Calvin cycle | Stroma | Glucose |\n\nPhotosynthesis converts light energy into chemical energy.'
    const document = await createDocument(
      { courseId: course.id, title: 'Photosynthesis: stages and products', description: 'Notes.' },
      [text]
    )
    slugs = { institution: institution.slug, course: course.slug, document: document.slug }
    cleanup.push(() => db.from('documents').where('id', document.id).delete())
    cleanup.push(() => db.from('courses').where('id', course.id).delete())
    cleanup.push(() => db.from('institutions').where('id', institution.id).delete())
    return async () => {
      for (const step of cleanup.splice(0)) await step()
    }
  })

  test('no public page overflows horizontally', async ({ visit, assert }) => {
    // The probe itself sees a 600 px wide element (so a pass below means something).
    const probe = await visit('/')
    await probe.setViewportSize(PHONE)
    await probe.waitForLoadState('networkidle') // hydrated: React will not replace the probe
    await probe.evaluate(() =>
      (globalThis as any).document
        .querySelector('main')
        .insertAdjacentHTML('beforeend', '<div id="too-wide" style="width:600px;height:1px"></div>')
    )
    assert.isNotEmpty(await overflow(probe))

    const found: Record<string, unknown> = {}
    const paths = [
      '/',
      '/institutions',
      `/institutions/${slugs.institution}`,
      '/courses',
      `/courses/${slugs.course}`,
      '/documents',
      `/documents/${slugs.document}`,
      '/pricing',
      '/login',
      '/signup',
      '/ai',
      '/ai/ask-documents',
      '/ai/course-builder',
    ]
    for (const path of paths) {
      const list = await overflow(await visit(path))
      if (list.length) found[path] = list
    }
    assert.deepEqual(found, {})
  }).timeout(180_000)

  test('no signed-in page overflows horizontally', async ({ visit, browserContext, assert }) => {
    const user = await aiUser()
    cleanup.unshift(() => db.from('users').where('id', user.id).delete())
    cleanup.unshift(() => db.from('documents').where('owner_id', user.id).delete())
    cleanup.unshift(() => db.from('structured_notes').where('user_id', user.id).delete())
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
    const found: Record<string, unknown> = {}
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
    for (const path of paths) {
      const list = await overflow(await visit(path))
      if (list.length) found[path] = list
    }
    assert.deepEqual(found, {})
  }).timeout(180_000)

  test('the phone menu opens and closes by keyboard', async ({ visit, assert }) => {
    const page = await visit('/pricing')
    await page.setViewportSize(PHONE)
    await page.waitForLoadState('networkidle')
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
  const userIds: number[] = []
  group.each.teardown(async () => {
    for (const id of userIds.splice(0)) {
      await db.from('structured_notes').where('user_id', id).delete()
      await db.from('users').where('id', id).delete()
    }
  })

  test('/notes, /notes/canvas and /notes/new show a single "New note" control', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await aiUser()
    userIds.push(user.id)
    await browserContext.loginAs(user)
    for (const path of ['/notes', '/notes/canvas']) {
      const page = await visit(path)
      await page.waitForLoadState('networkidle')
      assert.equal(await page.getByText('New note', { exact: true }).count(), 1, path)
    }
    const editor = await visit('/notes/new')
    await editor.waitForLoadState('networkidle')
    assert.isAtMost(await editor.getByText('New note', { exact: true }).count(), 1)
  }).timeout(60_000)

  test('on a phone a canvas card opens with a tap on Open (no double-click needed)', async ({
    visit,
    browserContext,
  }) => {
    const user = await aiUser()
    userIds.push(user.id)
    await browserContext.loginAs(user)
    const page = await visit('/notes/new')
    await page.waitForLoadState('networkidle')
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
