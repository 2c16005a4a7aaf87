import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { aiUser, ownedDocument, resetAiLimiter } from '#tests/support/ai'
import { urlFor } from '@adonisjs/core/services/url_builder'

/* Issue 29 item 3: the tool page shows what is left, and a 429 says when the limit resets. */
test.group('Browser / limits you can see (issue 29)', (group) => {
  const userIds: number[] = []
  group.each.setup(() => resetAiLimiter())
  group.each.teardown(async () => {
    const users = userIds.splice(0)
    if (!users.length) return
    await db.from('ai_summaries').whereIn('user_id', users).delete()
    await db.from('documents').whereIn('owner_id', users).delete()
    await db.from('users').whereIn('id', users).delete()
  })

  test('the allowance is shown and follows a run; a 429 shows its reset time and the server message', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await aiUser()
    userIds.push(user.id)
    await ownedDocument(user.id, undefined, { title: 'Cell biology' })
    await browserContext.loginAs(user)
    const page = await visit(urlFor('pages.ai.tool', { slug: 'document-analyzer' }))
    await page.waitForLoadState('networkidle')
    assert.include(await page.getByTestId('ai-allowance-hourly').innerText(), '20 of 20 requests left this hour')
    assert.include(await page.getByTestId('ai-allowance-credits').innerText(), '100 of 100 credits left this month')

    await page.getByLabel('Cell biology').check()
    await page.click('[data-testid="tool-trigger"]')
    await page.waitForSelector('[data-testid="summary-result"]')
    await page.getByTestId('ai-allowance-credits').getByText('99 of 100').waitFor()
    assert.include(await page.getByTestId('ai-allowance-hourly').innerText(), '19 of 20 requests left this hour')

    // The throttle's own answer (what start/ai_limiter.ts sends after 20 requests).
    await page.route('**/api/ai/tools/summary', (route: any) =>
      route.fulfill({
        status: 429,
        headers: {
          'Retry-After': '3404',
          'RateLimit-Limit': '20',
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': '3404',
        },
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'TOO_MANY_REQUESTS',
          status: 429,
          message: 'You have reached the AI tools limit of 20 requests per hour. Please try again later.',
        }),
      })
    )
    await page.click('[data-testid="tool-trigger"]')
    const alert = page.locator('[data-state="error"]')
    await alert.waitFor()
    const text = await alert.innerText()
    assert.include(text, 'You have reached the AI tools limit of 20 requests per hour.')
    assert.include(text, 'You can try again in 57 minutes.')
    assert.include(
      await page.getByTestId('ai-allowance-hourly').innerText(),
      '0 of 20 requests left this hour (back to 20 in 57 minutes)'
    )
  }).timeout(60_000)
})
