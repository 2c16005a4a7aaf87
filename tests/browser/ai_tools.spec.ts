import { test } from '@japa/runner'
import { BIOLOGY_TEXT, aiUser } from '#tests/support/ai'
import { visitHydrated, visitSignedIn } from '#tests/support/browser_session'
import { uploadThroughDialog } from '#tests/support/browser_actions'
import { aiToolsGroup, runTool, toolUrl } from '#tests/support/browser_ai'

test.group('Browser / AI tools (issue 8)', (group) => {
  const users = aiToolsGroup(group)

  test('anonymous visitors see the page and a sign-in prompt', async ({ visit }) => {
    const page = await visit(toolUrl('flashcard-builder'))
    await page.assertTextContains('h1', 'flashcards')
    await page.assertVisible('[data-testid="signin-prompt"]')
  })

  test('upload a document, then run summary, flashcards, qa, study guide and trivia', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await visitSignedIn(browserContext, users.add(await aiUser()), toolUrl('document-analyzer'))
    await page.assertVisible('[data-testid="no-documents"]')
    assert.isTrue(await page.locator('[data-testid="tool-trigger"]').isDisabled())
    const text = { name: 'photosynthesis.txt', mimeType: 'text/plain', buffer: Buffer.from(BIOLOGY_TEXT) }
    await uploadThroughDialog(page, text)
    assert.isFalse(await page.locator('[data-testid="tool-trigger"]').isDisabled())
    await page.click('[data-testid="tool-trigger"]')
    await page.waitForSelector('[data-testid="summary-result"]')
    await page.assertTextContains('[data-testid="result-read"]', 'Read from: photosynthesis')
    await page.assertTextContains('[data-testid="summary-result"]', 'Key points')
    await page.locator('[data-testid="citation"]').first().click()
    await page.waitForSelector('[data-testid="passage"]:has-text("Photosynthesis")')

    const cards = await visitHydrated(visit, toolUrl('flashcard-builder'))
    // Issue 29: nothing is ticked for the student on a tool they have not used yet.
    assert.isFalse(await cards.getByLabel('photosynthesis').isChecked())
    await runTool(cards, { document: 'photosynthesis', count: 4, result: '[data-testid="flashcards-result"]' })
    const first = cards.locator('[data-testid="flashcard"]').first()
    const front = await first.innerText()
    await first.click()
    assert.equal(await first.getAttribute('aria-pressed'), 'true')
    assert.notEqual(await first.innerText(), front)

    const qa = await visitHydrated(visit, toolUrl('ask-documents'))
    await qa.getByLabel('photosynthesis').check()
    assert.isTrue(await qa.locator('[data-testid="tool-trigger"]').isDisabled())
    await runTool(qa, { question: 'Where does the Calvin cycle take place?', result: '[data-testid="qa-result"]' })
    await qa.assertTextContains('[data-testid="qa-result"]', 'stroma')
    await qa.locator('[data-testid="qa-source"] [data-testid="citation"]').first().click()
    await qa.waitForSelector('[data-testid="passage"]:has-text("Calvin cycle")')

    // docs/rules/ai.md#tools: a question the documents do not answer shows the not-found state.
    const unknown = await visitHydrated(visit, toolUrl('ask-documents'))
    // The last choice for this tool comes back, and says so.
    await unknown.getByTestId('remembered-choice').waitFor()
    assert.isTrue(await unknown.getByLabel('photosynthesis').isChecked())
    await runTool(unknown, { question: 'When did Rome fall?', result: '[data-testid="qa-not-found"]' })
    await unknown.assertTextContains('[data-testid="qa-not-found"]', 'Not found in your documents')
    assert.equal(await unknown.locator('[data-testid="qa-source"]').count(), 0)

    const guide = await visitHydrated(visit, toolUrl('quiz-generator'))
    await runTool(guide, { document: 'photosynthesis', result: '[data-testid="study-guide-result"]' })
    await guide.assertTextContains('[data-testid="study-guide-result"]', 'Overview')

    const trivia = await visitHydrated(visit, toolUrl('trivia-game'))
    await runTool(trivia, { document: 'photosynthesis', count: 3, result: '[data-testid="trivia-player"]' })
    for (let i = 0; i < 20; i++) {
      await trivia.locator('[data-testid="trivia-player"] input[type="radio"]').first().check()
      if (await trivia.locator('[data-testid="trivia-submit"]').count()) break
      await trivia.click('[data-testid="trivia-next"]')
    }
    await trivia.click('[data-testid="trivia-submit"]')
    await trivia.waitForSelector('[data-testid="trivia-result"]')
    await trivia.assertTextContains('[data-testid="trivia-result"]', 'Your score:')
    await trivia.assertTextContains('[data-testid="trivia-result"]', 'The source says')
  })
})
