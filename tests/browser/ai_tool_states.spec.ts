import { test } from '@japa/runner'
import { BIOLOGY_TEXT, aiUser } from '#tests/support/ai'
import { visitSignedIn } from '#tests/support/browser_session'
import { errorReply, uploadThroughDialog } from '#tests/support/browser_actions'
import { aiToolsGroup, toolUrl } from '#tests/support/browser_ai'

/*
| docs/rules/ai.md#tools, the frontend tool routes: /ai/ask-documents shows its query input after a
| document is ingested and fires on submit with a non-empty question; while a request is in
| flight the trigger is disabled and a spinner shows; a failure shows a retryable error with a
| Try again control.
*/
test.group('Browser / AI tool states', (group) => {
  const users = aiToolsGroup(group)

  test('ask-documents: the query input appears after the first document is ingested', async ({
    browserContext,
    assert,
  }) => {
    const page = await visitSignedIn(browserContext, users.add(await aiUser()), toolUrl('ask-documents'))
    await page.assertVisible('[data-testid="no-documents"]')
    assert.equal(await page.locator('input[name="user_query"]').count(), 0)
    assert.isTrue(await page.locator('[data-testid="tool-trigger"]').isDisabled())

    const text = { name: 'photosynthesis.txt', mimeType: 'text/plain', buffer: Buffer.from(BIOLOGY_TEXT) }
    await uploadThroughDialog(page, text)
    const query = page.locator('input[name="user_query"]')
    await query.waitFor()
    assert.isTrue(await page.locator('[data-testid="tool-trigger"]').isDisabled(), 'no question yet')
    await query.fill('   ')
    assert.isTrue(await page.locator('[data-testid="tool-trigger"]').isDisabled(), 'a blank question')
    await query.fill('Where does the Calvin cycle take place?')
    await query.press('Enter')
    await page.waitForSelector('[data-testid="qa-result"]')
  })

  test('in flight: trigger disabled with a spinner; a failure offers Try again, which retries', async ({
    browserContext,
    assert,
  }) => {
    const page = await visitSignedIn(browserContext, users.add(await aiUser()), toolUrl('document-analyzer'))
    const text = { name: 'photosynthesis.txt', mimeType: 'text/plain', buffer: Buffer.from(BIOLOGY_TEXT) }
    await uploadThroughDialog(page, text)

    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      '**/api/ai/tools/summary',
      async (route) => {
        await held
        await route.fulfill(errorReply(500))
      },
      { times: 1 }
    )
    const trigger = page.locator('[data-testid="tool-trigger"]')
    await trigger.click()
    await trigger.locator('[role="status"]').waitFor()
    assert.isTrue(await trigger.isDisabled())
    release()

    const retry = page.getByRole('button', { name: 'Try again' })
    await retry.waitFor()
    assert.isFalse(await trigger.isDisabled())
    await retry.click()
    await page.waitForSelector('[data-testid="summary-result"]')
    assert.equal(await retry.count(), 0)
  })
})
