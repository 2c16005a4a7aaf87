import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import { createCatalogTrail, trailPaths, type CatalogSlugs } from '#tests/support/browser_catalog'
import { axeSweep, axeViolations } from '#tests/support/browser_axe'
import { BrowserUsers, CleanupSteps, Findings, visitSignedIn } from '#tests/support/browser_session'
import { visitOnPhone } from '#tests/support/browser_phone'
import { assignPlan } from '#services/billing/subscription_writer'
import { PlanCatalog } from '#services/billing/plans'

/*
| Issue 14 B8: axe-core reports 0 violations of any impact on every page a visitor, a student
| and an admin meet. axe runs inside the page (its own script, from node_modules).
*/
test.group('Browser / accessibility on every page (axe-core, issue 14 B8)', (group) => {
  const cleanup = new CleanupSteps()
  const users = new BrowserUsers(['structured_notes', 'documents'])
  let slugs: CatalogSlugs

  group.setup(async () => {
    slugs = await createCatalogTrail(
      {
        institution: 'Axe University',
        course: 'Accessible Design',
        document: 'Contrast and headings',
        text: 'Headings form an outline. Contrast makes text readable.',
      },
      cleanup
    )
    return async () => {
      await cleanup.run()
      await users.delete()
    }
  })

  test('public pages have no axe violations', async ({ visit, assert }) => {
    const paths = [
      '/',
      ...trailPaths(slugs),
      `/institutions/${slugs.institution}/courses`,
      '/ai',
      '/ai/ask-documents',
      '/ai/flashcard-builder',
      '/ai/course-builder',
      '/pricing',
      '/login',
      '/signup',
      '/forgot-password',
      '/verify-email?token=abc',
      '/no-such-page',
    ]
    assert.deepEqual(await axeSweep(visit, paths), {})
  }).timeout(180_000)

  test('signed-in student and admin pages have no axe violations', async ({ visit, browserContext, assert }) => {
    const user = users.add(await createUser({ role: 'admin' }))
    await assignPlan(new PlanCatalog(), user.id, 'pro')
    const owned = await createDocument({ ownerId: user.id, visibility: 'private', title: 'My lecture' }, [
      '# Heading\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n- one\n- two',
    ])
    // A note, so the canvas shows a card with its Open link.
    await db.table('structured_notes').insert({
      user_id: user.id,
      title: 'Axe note',
      body: 'Body',
      status: 'active',
      search_text: 'axe note body',
      // As Lucid writes it: a Date would be stored as a number by SQLite and fail to read back.
      created_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
      updated_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
    })
    await browserContext.loginAs(user)
    const paths = [
      '/dashboard',
      '/my-documents',
      `/documents/${owned.slug}`,
      '/my-courses',
      '/notes',
      '/notes/canvas',
      '/settings',
      '/settings/billing',
      '/onboarding',
      '/ai-courses',
      '/ai/ask-documents',
      '/admin/flags',
      '/admin/seo',
      '/study',
    ]
    assert.deepEqual(await axeSweep(visit, paths), {})
  }).timeout(180_000)

  test('issue 29 states have no axe violations: publish dialog, undo toast, phone menu', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = users.add(await createUser())
    await createDocument({ ownerId: user.id, visibility: 'private', title: 'Axe lecture' }, ['Some text to study.'])
    const states = new Findings()

    const page = await visitSignedIn(browserContext, user, '/my-documents')
    await page.getByLabel('Visible to').selectOption('public')
    await page.getByRole('alertdialog').waitFor()
    states.record('publish dialog', await axeViolations(page))
    await page.getByRole('button', { name: 'Publish to everyone' }).click()
    await page.getByRole('button', { name: 'Undo' }).waitFor()
    states.record('undo toast', await axeViolations(page))

    const phone = await visitOnPhone(visit, '/documents')
    await phone.getByRole('button', { name: 'Menu' }).click()
    states.record('phone menu', await axeViolations(phone))
    assert.deepEqual(states.all, {})
  }).timeout(120_000)
})
