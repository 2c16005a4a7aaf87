import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { createCourse, createDocument } from '#tests/support/catalog'
import { urlFor } from '@adonisjs/core/services/url_builder'

/**
 * Issue 2 item 9: a catalog list page with pagination (click Next) and a document page, in
 * Chromium. Browser tests commit for real and clean up their rows.
 */
test.group('Browser / catalog pages', (group) => {
  const documentIds: number[] = []
  const courseIds: number[] = []
  group.each.teardown(async () => {
    const docs = documentIds.splice(0)
    const courses = courseIds.splice(0)
    if (docs.length) await db.from('documents').whereIn('id', docs).delete()
    if (courses.length) await db.from('courses').whereIn('id', courses).delete()
  })

  test('the documents list paginates: Next shows page 2 with its own items', async ({ visit, assert }) => {
    const token = `zq${randomUUID().slice(0, 6)}`
    for (let i = 0; i < 25; i++) {
      const document = await createDocument({ title: `${token} notes ${String(i).padStart(2, '0')}` })
      documentIds.push(document.id)
    }
    const page = await visit(`/documents?q=${token}&sort=title`)
    await page.assertTextContains('[data-testid="pagination-status"]', 'Page 1 of 2')
    await page.assertTextContains('[data-testid="catalog-list"]', `${token} notes 00`)
    await page.locator('[data-testid="pagination-next"]').click()
    await page.waitForURL(/page=2/)
    await page.assertTextContains('[data-testid="pagination-status"]', 'Page 2 of 2')
    await page.assertTextContains('[data-testid="catalog-list"]', `${token} notes 24`)
    const items = await page.locator('[data-testid="catalog-list"] li h2').allTextContents()
    assert.lengthOf(items, 5)
    assert.notInclude(items.join(' '), `${token} notes 00`)
    assert.match(page.url(), new RegExp(`q=${token}`))
  })

  test('a document page shows the text of a free document and a preview with calls to action for a premium one', async ({
    visit,
  }) => {
    const course = await createCourse({ title: 'Thermodynamics 101' })
    courseIds.push(course.id)
    const free = await createDocument({ title: 'Entropy explained', courseId: course.id }, [
      'Entropy measures disorder.',
      'It never decreases in an isolated system.',
    ])
    const premium = await createDocument({ title: 'Carnot cycles', accessLevel: 'premium' }, [
      'A Carnot engine is ideal. Its efficiency depends on temperatures only.',
    ])
    documentIds.push(free.id, premium.id)

    const page = await visit(urlFor('pages.documents.show', { slug: free.slug }))
    await page.assertTextContains('h1', 'Entropy explained')
    await page.assertTextContains('[data-testid="document-text"]', 'It never decreases in an isolated system.')
    await page.assertTextContains('nav[aria-label="Breadcrumb"]', 'Thermodynamics 101')

    const locked = await visit(urlFor('pages.documents.show', { slug: premium.slug }))
    await locked.assertTextContains('[data-testid="document-preview"]', 'A Carnot engine is ideal.')
    await locked.assertNotExists('[data-testid="document-text"]')
    await locked.assertExists('[data-testid="cta-sign-in"]')
    await locked.assertExists('[data-testid="cta-upgrade"]')
  })
})
