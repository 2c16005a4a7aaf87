import { test } from '@japa/runner'
import { errorReply } from '#tests/support/browser_actions'
import { aiToolsGroup, runTool, toolUrl } from '#tests/support/browser_ai'

/* Issue 29 item 3: the tool page shows what is left, and a 429 says when the limit resets. */
test.group('Browser / limits you can see (issue 29)', (group) => {
  const students = aiToolsGroup(group, { owned: ['ai_summaries', 'documents'], deleteAfterEach: true })

  test('the allowance is shown and follows a run; a 429 shows its reset time and the server message', async ({
    browserContext,
    assert,
  }) => {
    const { page } = await students.withDocument(browserContext, toolUrl('document-analyzer'), {
      title: 'Cell biology',
    })
    assert.include(await page.getByTestId('ai-allowance-hourly').innerText(), '20 of 20 requests left this hour')
    assert.include(await page.getByTestId('ai-allowance-credits').innerText(), '100 of 100 credits left this month')

    await runTool(page, { document: 'Cell biology', result: '[data-testid="summary-result"]' })
    await page.getByTestId('ai-allowance-credits').getByText('99 of 100').waitFor()
    assert.include(await page.getByTestId('ai-allowance-hourly').innerText(), '19 of 20 requests left this hour')

    // The throttle's own answer (what start/ai_limiter.ts sends after 20 requests).
    const limited = {
      code: 'TOO_MANY_REQUESTS',
      message: 'You have reached the AI tools limit of 20 requests per hour. Please try again later.',
    }
    const rateHeaders = {
      'Retry-After': '3404',
      'RateLimit-Limit': '20',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '3404',
    }
    await page.route('**/api/ai/tools/summary', (route) => route.fulfill(errorReply(429, limited, rateHeaders)))
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
