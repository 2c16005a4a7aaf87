import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type User from '#models/user'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { headTitle, metaContent } from '#tests/support/catalog_html'
import { assignPlan } from '#services/billing/subscription_writer'
import { PlanCatalog } from '#services/billing/plans'
import { SIGNED_IN_PAGES } from '#tests/support/student_pages'

/*
| What Lighthouse found in the server-rendered head (docs/decisions/student_pages.md, "Lighthouse"):
| pages without a meta description, and the page's own script discovered only after the entry ran.
*/
const SIGNED_OUT = [
  '/',
  '/documents?q=chemistry',
  '/pricing',
  '/ai',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=abc',
  '/verify-email?token=abc',
  '/no-such-page',
]

const ADMIN = ['/admin/flags', '/admin/seo']

async function heads(client: any, paths: string[], user?: User) {
  const found: { path: string; status: number; html: string }[] = []
  for (const path of paths) {
    const request = client.get(path).header('accept', 'text/html')
    const response = user ? await request.loginAs(user) : await request
    found.push({ path, status: response.status(), html: response.text() })
  }
  return found
}

test.group('Page head / what Lighthouse checks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  let catalogPaths: string[] = []
  group.each.setup(async () => {
    const institution = await createInstitution({ name: 'Head University' })
    const course = await createCourse({ title: 'Head Course', institutionId: institution.id })
    const document = await createDocument({ title: 'Head Document', courseId: course.id })
    catalogPaths = [`/institutions/${institution.slug}`, `/courses/${course.slug}`, `/documents/${document.slug}`]
  })

  test('every page has a title and a meta description', async ({ client, assert }) => {
    const student = await createUser()
    await assignPlan(new PlanCatalog(), student.id, 'pro')
    const admin = await createUser({ role: 'admin' })
    const pages = [
      ...(await heads(client, [...SIGNED_OUT, ...catalogPaths])),
      ...(await heads(client, SIGNED_IN_PAGES, student)),
      ...(await heads(client, ADMIN, admin)),
    ]
    const missing: string[] = []
    for (const { path, status, html } of pages) {
      assert.oneOf(status, [200, 404], `${path} answered ${status}`)
      const description = metaContent(html, 'description')?.trim() ?? ''
      if (!headTitle(html)?.trim()) missing.push(`${path}: no title`)
      if (!description) missing.push(`${path}: description "${description}"`)
    }
    assert.deepEqual(missing, [])
  })

  test("the head loads the page's own module with the entry, not after it", async ({ client, assert }) => {
    const student = await createUser()
    const pages = [
      ...(await heads(client, ['/', catalogPaths[1], '/pricing', '/login', '/no-such-page'])),
      ...(await heads(client, ['/dashboard', '/notes'], student)),
    ]
    const expected: Record<string, string> = {
      '/': 'home',
      [catalogPaths[1]]: 'catalog/course_show',
      '/pricing': 'billing/pricing',
      '/login': 'auth/login',
      '/no-such-page': 'errors/not_found',
      '/dashboard': 'workspace/dashboard',
      '/notes': 'notes/index',
    }
    for (const { path, html } of pages) {
      const head = html.slice(0, html.indexOf('</head>'))
      // The test server runs Vite's dev server: the page is named by its source path.
      assert.match(head, new RegExp(`<script[^>]+src="/inertia/pages/${expected[path]}\\.tsx"`), path)
    }
  })
})
