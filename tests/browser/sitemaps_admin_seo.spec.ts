import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { createUser } from '#tests/support/users'
import { snapshotForCleanup } from '#tests/support/sitemaps'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { regenerationLock } from '#services/sitemaps/regeneration_service'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { failRequests } from '#tests/support/browser_actions'

/** Browser tests commit for real: the snapshot cleanup removes the rows made here. */
test.group('Browser / sitemaps: the /admin/seo page (SPEC B rule 8)', (group) => {
  group.each.setup(() => snapshotForCleanup())
  group.each.setup(() => {
    app.container.swap(SitemapStore, () => new SitemapStore(null))
    return () => app.container.restore(SitemapStore)
  })

  test('Regenerate now shows the result panel with counts, uploaded and skipped', async ({ visit, browserContext }) => {
    const admin = await createUser({ role: 'admin' })
    await browserContext.loginAs(admin)
    const page = await visit(urlFor('pages.admin.seo'))
    // Click only once the page has hydrated (a click on the server-rendered button does nothing).
    await page.waitForLoadState('networkidle')
    await page.getByTestId('regenerate-now').click()
    await page.getByTestId('sitemap-result').waitFor()
    await page.getByTestId('result-uploaded').waitFor()
    await page.getByTestId('bar-documents').waitFor({ state: 'attached' })
  })

  test('401, 403 and 5xx answers each get their own banner; the button works again after', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    await browserContext.loginAs(admin)
    const page = await visit(urlFor('pages.admin.seo'))
    await page.waitForLoadState('networkidle')
    const button = page.getByTestId('regenerate-now')
    for (const [status, banner] of [
      [401, 'error-401'],
      [403, 'error-403'],
      [500, 'error-5xx'],
      [502, 'error-5xx'],
    ] as const) {
      await failRequests(page, '**/api/admin/sitemap/regenerate', { status, times: 1 })
      await button.click()
      await page.getByTestId(banner).waitFor()
      assert.isFalse(await button.isDisabled(), `${status}`)
      await page.getByTestId(banner).getByRole('button').first().click()
      await page.getByTestId(banner).waitFor({ state: 'detached' })
    }
  })

  test('a running regeneration shows the 429 banner', async ({ visit, browserContext }) => {
    const admin = await createUser({ role: 'admin' })
    await browserContext.loginAs(admin)
    const held = regenerationLock('1m')
    await held.acquireImmediately()
    try {
      const page = await visit(urlFor('pages.admin.seo'))
      await page.waitForLoadState('networkidle')
      await page.getByTestId('regenerate-now').click()
      await page.getByTestId('error-429').waitFor()
    } finally {
      await held.release().catch(() => {})
    }
  })
})
