import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import { createRequire } from 'node:module'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { assignPlan } from '#services/billing/subscription_writer'
import { PlanCatalog } from '#services/billing/plans'

/*
| Issue 14 B8: axe-core reports 0 violations of any impact on every page a visitor, a student
| and an admin meet. axe runs inside the page (its own script, from node_modules).
*/
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

async function violations(page: any) {
  await page.waitForLoadState('networkidle')
  await page.addScriptTag({ path: axeSource })
  const result = await page.evaluate(async () => {
    const run = await (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] })
    return run.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')),
    }))
  })
  return result as { id: string; impact: string; nodes: string[] }[]
}

/** The violations of every path, keyed by path; empty when all pass. */
async function audit(visit: (path: string) => Promise<any>, paths: string[]) {
  const found: Record<string, unknown> = {}
  for (const path of paths) {
    const list = await violations(await visit(path))
    if (list.length) found[path] = list
  }
  return found
}

test.group('Browser / accessibility on every page (axe-core, issue 14 B8)', (group) => {
  const cleanup: Array<() => Promise<unknown>> = []
  let slugs: { institution: string; course: string; document: string }

  group.setup(async () => {
    const institution = await createInstitution({ name: 'Axe University', description: 'A university for tests.' })
    const course = await createCourse({
      institutionId: institution.id,
      title: 'Accessible Design',
      description: 'A course.',
    })
    const document = await createDocument(
      { courseId: course.id, title: 'Contrast and headings', description: 'Notes.' },
      ['Headings form an outline. Contrast makes text readable.']
    )
    slugs = { institution: institution.slug, course: course.slug, document: document.slug }
    cleanup.push(() => db.from('documents').where('id', document.id).delete())
    cleanup.push(() => db.from('courses').where('id', course.id).delete())
    cleanup.push(() => db.from('institutions').where('id', institution.id).delete())
    return async () => {
      for (const step of cleanup.splice(0)) await step()
    }
  })

  test('public pages have no axe violations', async ({ visit, assert }) => {
    const paths = [
      '/',
      '/institutions',
      `/institutions/${slugs.institution}`,
      `/institutions/${slugs.institution}/courses`,
      '/courses',
      `/courses/${slugs.course}`,
      '/documents',
      `/documents/${slugs.document}`,
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
    assert.deepEqual(await audit(visit, paths), {})
  }).timeout(180_000)

  test('signed-in student and admin pages have no axe violations', async ({ visit, browserContext, assert }) => {
    const user = await createUser({ role: 'admin' } as any)
    cleanup.push(() => db.from('users').where('id', user.id).delete())
    await assignPlan(new PlanCatalog(), user.id, 'pro')
    const owned = await createDocument({ ownerId: user.id, visibility: 'private', title: 'My lecture' }, [
      '# Heading\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n- one\n- two',
    ])
    cleanup.unshift(() => db.from('documents').where('owner_id', user.id).delete())
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
    cleanup.unshift(() => db.from('structured_notes').where('user_id', user.id).delete())
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
    assert.deepEqual(await audit(visit, paths), {})
  }).timeout(180_000)

  test('issue 29 states have no axe violations: publish dialog, undo toast, phone menu', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    cleanup.push(() => db.from('users').where('id', user.id).delete())
    await createDocument({ ownerId: user.id, visibility: 'private', title: 'Axe lecture' }, ['Some text to study.'])
    cleanup.unshift(() => db.from('documents').where('owner_id', user.id).delete())
    await browserContext.loginAs(user)
    const found: Record<string, unknown> = {}

    const page = await visit('/my-documents')
    await page.waitForLoadState('networkidle')
    await page.getByLabel('Visible to').selectOption('public')
    await page.getByRole('alertdialog').waitFor()
    let list = await violations(page)
    if (list.length) found['publish dialog'] = list
    await page.getByRole('button', { name: 'Publish to everyone' }).click()
    await page.getByRole('button', { name: 'Undo' }).waitFor()
    list = await violations(page)
    if (list.length) found['undo toast'] = list

    const phone = await visit('/documents')
    await phone.setViewportSize({ width: 390, height: 844 })
    await phone.waitForLoadState('networkidle')
    await phone.getByRole('button', { name: 'Menu' }).click()
    list = await violations(phone)
    if (list.length) found['phone menu'] = list
    assert.deepEqual(found, {})
  }).timeout(120_000)
})
