import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { axeViolations } from '#tests/support/browser_axe'
import { visitHydrated } from '#tests/support/browser_session'

/*
| Issue 26: the home search box suggests titles as you type (WAI-ARIA combobox), a suggestion
| is picked with the keyboard, and axe reports no violation with the list open and on a search
| page. Browser tests commit for real and clean up their rows.
*/
test.group('Browser / catalog search', (group) => {
  const cleanup: Array<() => Promise<unknown>> = []
  group.each.teardown(async () => {
    for (const step of cleanup.splice(0).reverse()) await step()
  })

  test('typing in the home search box suggests titles; the keyboard picks one; axe finds nothing', async ({
    visit,
    assert,
  }) => {
    const token = `zephyr${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 6)}`
    const institution = await createInstitution({ name: `${token} Institute` })
    const course = await createCourse({ title: `${token} optics course`, institutionId: institution.id })
    const older = await createDocument({ title: `${token} lens notes`, courseId: course.id })
    const newer = await createDocument({ title: `${token} prism summary`, courseId: course.id })
    cleanup.push(() => db.from('institutions').where('id', institution.id).delete())
    cleanup.push(() => db.from('courses').where('id', course.id).delete())
    cleanup.push(() => db.from('documents').whereIn('id', [older.id, newer.id]).delete())

    const requests: string[] = []
    const page = await visit('/')
    page.on('request', (request: any) => {
      if (request.url().includes('/api/search/suggest')) requests.push(request.url())
    })
    await page.waitForLoadState('networkidle') // hydrated: typing reaches React
    const box = page.getByRole('combobox', { name: 'Search documents, courses and institutions' })
    await box.pressSequentially(token.slice(0, 9), { delay: 20 })
    const listbox = page.getByRole('listbox', { name: 'Suggestions' })
    await listbox.waitFor({ state: 'visible' })
    await page.getByRole('option', { name: new RegExp(`${token} prism summary`) }).waitFor()
    // Debounced: nine keystrokes, far fewer requests.
    assert.isBelow(requests.length, 5)
    assert.equal(await box.getAttribute('aria-expanded'), 'true')
    const options = await page.getByRole('option').allTextContents()
    assert.isAtLeast(options.length, 4)
    assert.deepEqual(await axeViolations(page), [])

    await box.press('ArrowDown')
    const first = page.getByRole('option').first()
    assert.equal(await first.getAttribute('aria-selected'), 'true')
    assert.equal(await box.getAttribute('aria-activedescendant'), await first.getAttribute('id'))
    await box.press('ArrowDown')
    const second = page.getByRole('option').nth(1)
    assert.equal(await second.getAttribute('aria-selected'), 'true')
    const chosen = ((await second.locator('span').first().textContent()) ?? '').trim()
    await box.press('Enter')
    await page.waitForURL((url: URL) => url.pathname !== '/')
    await page.assertTextContains('h1', chosen)

    // Escape closes an open list; Enter without an active option searches.
    const again = await visitHydrated(visit, '/')
    const input = again.getByRole('combobox', { name: 'Search documents, courses and institutions' })
    await input.pressSequentially(`${token} lens`, { delay: 10 })
    await again.getByRole('listbox', { name: 'Suggestions' }).waitFor({ state: 'visible' })
    await input.press('Escape')
    assert.equal(await input.getAttribute('aria-expanded'), 'false')
    await input.press('Enter')
    await again.waitForURL(/\/documents\?q=/)
    await again.assertTextContains('[data-testid="catalog-list"]', `${token} lens notes`)
    assert.equal(await again.locator('[data-testid="catalog-list"] mark').first().textContent(), token)
    // A search page covers the other kinds too.
    const all = await visit(`/documents?q=${token}`)
    await all.assertTextContains('[data-testid="related-results"]', `${token} optics course`)
    await all.assertTextContains('[data-testid="related-results"]', `${token} Institute`)
    await all.waitForLoadState('networkidle')
    assert.deepEqual(await axeViolations(all), [])
  }).timeout(120_000)
})
