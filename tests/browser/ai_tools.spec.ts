import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { BIOLOGY_TEXT, aiUser, resetAiLimiter } from '#tests/support/ai'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Browser / AI tools (issue 8)', (group) => {
  const userIds: number[] = []
  group.each.setup(() => resetAiLimiter())
  group.teardown(async () => {
    if (userIds.length) {
      await db.from('documents').whereIn('owner_id', userIds).delete()
      await db.from('users').whereIn('id', userIds).delete()
    }
  })

  test('anonymous visitors see the page and a sign-in prompt', async ({ visit }) => {
    const page = await visit(urlFor('pages.ai.tool', { slug: 'flashcard-builder' }))
    await page.assertTextContains('h1', 'flashcards')
    await page.assertVisible('[data-testid="signin-prompt"]')
  })

  test('upload a document, then run summary, flashcards, qa, study guide and trivia', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await aiUser()
    userIds.push(user.id)
    await browserContext.loginAs(user)

    const page = await visit(urlFor('pages.ai.tool', { slug: 'document-analyzer' }))
    await page.waitForLoadState('networkidle')
    await page.assertVisible('[data-testid="no-documents"]')
    assert.isTrue(await page.locator('[data-testid="tool-trigger"]').isDisabled())
    await page.click('[data-testid="open-upload"]')
    await page
      .locator('[data-testid="upload-modal"] input[type="file"]')
      .setInputFiles({ name: 'photosynthesis.txt', mimeType: 'text/plain', buffer: Buffer.from(BIOLOGY_TEXT) })
    await page.click('[data-testid="upload-submit"]')
    await page.waitForSelector('[data-testid="upload-success"]')
    await page.click('text=Done')
    assert.isFalse(await page.locator('[data-testid="tool-trigger"]').isDisabled())
    await page.click('[data-testid="tool-trigger"]')
    await page.waitForSelector('[data-testid="summary-result"]')
    await page.assertTextContains('[data-testid="result-read"]', 'Read from: photosynthesis')
    await page.assertTextContains('[data-testid="summary-result"]', 'Key points')
    await page.locator('[data-testid="citation"]').first().click()
    await page.waitForSelector('[data-testid="passage"]:has-text("Photosynthesis")')

    const cards = await visit(urlFor('pages.ai.tool', { slug: 'flashcard-builder' }))
    await cards.waitForLoadState('networkidle')
    // Issue 29: nothing is ticked for the student on a tool they have not used yet.
    assert.isFalse(await cards.getByLabel('photosynthesis').isChecked())
    await cards.getByLabel('photosynthesis').check()
    await cards.fill('input[type="number"]', '4')
    await cards.click('[data-testid="tool-trigger"]')
    await cards.waitForSelector('[data-testid="flashcards-result"]')
    const first = cards.locator('[data-testid="flashcard"]').first()
    const front = await first.innerText()
    await first.click()
    assert.equal(await first.getAttribute('aria-pressed'), 'true')
    assert.notEqual(await first.innerText(), front)

    const qa = await visit(urlFor('pages.ai.tool', { slug: 'ask-documents' }))
    await qa.waitForLoadState('networkidle')
    await qa.getByLabel('photosynthesis').check()
    assert.isTrue(await qa.locator('[data-testid="tool-trigger"]').isDisabled())
    await qa.fill('input[name="user_query"]', 'Where does the Calvin cycle take place?')
    await qa.click('[data-testid="tool-trigger"]')
    await qa.waitForSelector('[data-testid="qa-result"]')
    await qa.assertTextContains('[data-testid="qa-result"]', 'stroma')
    await qa.locator('[data-testid="qa-source"] [data-testid="citation"]').first().click()
    await qa.waitForSelector('[data-testid="passage"]:has-text("Calvin cycle")')

    // docs/rules/ai.md#tools: a question the documents do not answer shows the not-found state.
    const unknown = await visit(urlFor('pages.ai.tool', { slug: 'ask-documents' }))
    await unknown.waitForLoadState('networkidle')
    // The last choice for this tool comes back, and says so.
    await unknown.getByTestId('remembered-choice').waitFor()
    assert.isTrue(await unknown.getByLabel('photosynthesis').isChecked())
    await unknown.fill('input[name="user_query"]', 'When did Rome fall?')
    await unknown.click('[data-testid="tool-trigger"]')
    await unknown.waitForSelector('[data-testid="qa-not-found"]')
    await unknown.assertTextContains('[data-testid="qa-not-found"]', 'Not found in your documents')
    assert.equal(await unknown.locator('[data-testid="qa-source"]').count(), 0)

    const guide = await visit(urlFor('pages.ai.tool', { slug: 'quiz-generator' }))
    await guide.waitForLoadState('networkidle')
    await guide.getByLabel('photosynthesis').check()
    await guide.click('[data-testid="tool-trigger"]')
    await guide.waitForSelector('[data-testid="study-guide-result"]')
    await guide.assertTextContains('[data-testid="study-guide-result"]', 'Overview')

    const trivia = await visit(urlFor('pages.ai.tool', { slug: 'trivia-game' }))
    await trivia.waitForLoadState('networkidle')
    await trivia.getByLabel('photosynthesis').check()
    await trivia.fill('input[type="number"]', '3')
    await trivia.click('[data-testid="tool-trigger"]')
    await trivia.waitForSelector('[data-testid="trivia-player"]')
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
