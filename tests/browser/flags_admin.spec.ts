import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { failRequests } from '#tests/support/browser_actions'
import { visitHydrated } from '#tests/support/browser_session'

test.group('Browser / flags admin page (SPEC F rule 5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an admin creates, toggles (optimistic, rolled back on failure) and deletes a flag', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await createUser({ role: 'admin' }))
    const page = await visitHydrated(visit, urlFor('pages.admin.flags'))

    // empty state
    await page.assertTextContains('[data-state="empty"]', 'No feature flags configured')

    // client-side validation: no request, a field error
    await page.locator('#flag-name').fill('uploads')
    await page.locator('[data-testid="create-flag-submit"]').click()
    await page.assertTextContains('#flag-name-error', 'Name must start with enable_')
    assert.isNull(await db.from('feature_flags').where('name', 'uploads').first())

    // create
    await page.locator('#flag-name').fill('enable_browser_flag')
    await page.locator('#flag-description').fill('Made in the browser')
    await page.locator('#flag-environment').selectOption('staging')
    await page.locator('[data-testid="create-flag-submit"]').click()
    await page.waitForSelector('[data-testid="flag-row-enable_browser_flag"]')
    await page.assertTextContains('[data-testid="flag-row-enable_browser_flag"]', 'Made in the browser')
    await page.assertTextContains('[data-testid="flag-row-enable_browser_flag"]', 'staging')
    const created = await db.from('feature_flags').where('name', 'enable_browser_flag').first()
    assert.equal(created.environment, 'staging')
    assert.equal(Boolean(created.is_enabled), false)

    // server validation: a duplicate answers 409 and shows a field error
    await page.locator('#flag-name').fill('enable_browser_flag')
    await page.locator('[data-testid="create-flag-submit"]').click()
    await page.assertTextContains('#flag-name-error', 'already exists')

    // toggle
    const toggle = page.locator('[data-testid="flag-toggle-enable_browser_flag"]')
    await toggle.click()
    await page.waitForFunction(() => {
      const el = (globalThis as any).document.querySelector('[data-testid="flag-toggle-enable_browser_flag"]')
      return el?.getAttribute('aria-checked') === 'true' && !el.hasAttribute('disabled')
    })
    const toggled = await db.from('feature_flags').where('name', 'enable_browser_flag').first()
    assert.equal(Boolean(toggled.is_enabled), true)

    // a failing toggle is rolled back with an error toast
    await failRequests(page, '**/api/feature-flags/enable_browser_flag/toggle')
    await toggle.click()
    // the success toast of the previous toggle may still show: look for the error one
    await page
      .locator('[data-testid="toast"][role="alert"]', { hasText: 'Could not update enable_browser_flag' })
      .waitFor()
    await page.waitForFunction(() => {
      const el = (globalThis as any).document.querySelector('[data-testid="flag-toggle-enable_browser_flag"]')
      return el?.getAttribute('aria-checked') === 'true' && !el.hasAttribute('disabled')
    })
    await page.unroute('**/api/feature-flags/enable_browser_flag/toggle')

    // history (audit trail)
    await page.locator('[data-testid="flag-history-enable_browser_flag"]').click()
    await page.waitForSelector('[data-testid="flag-history-list-enable_browser_flag"]')
    await page.assertTextContains('[data-testid="flag-history-list-enable_browser_flag"]', 'toggle')
    await page.assertTextContains('[data-testid="flag-history-list-enable_browser_flag"]', 'create')

    // delete with confirmation: cancel keeps it, confirm removes it
    await page.locator('[data-testid="flag-delete-enable_browser_flag"]').click()
    await page.waitForSelector('[data-testid="delete-confirm"]')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.assertExists('[data-testid="flag-row-enable_browser_flag"]')
    await page.locator('[data-testid="flag-delete-enable_browser_flag"]').click()
    await page.locator('[data-testid="confirm-delete"]').click()
    await page.waitForSelector('[data-testid="flag-row-enable_browser_flag"]', { state: 'detached' })
    await page.assertTextContains('[data-state="empty"]', 'No feature flags configured')
    assert.isNull(await db.from('feature_flags').where('name', 'enable_browser_flag').first())
  })
})
