import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { axeViolations } from '#tests/support/browser_axe'
import { visitHydrated } from '#tests/support/browser_session'
import { visitOnPhone } from '#tests/support/browser_phone'
import { aiToolsGroup, runTool, toolUrl } from '#tests/support/browser_ai'

/** A POST to /api from inside the signed-in page (cookies and the XSRF header, as the app sends them). */
async function postFromPage(page: any, url: string, body: unknown) {
  return page.evaluate(
    async ({ url: target, body: payload }: { url: string; body: unknown }) => {
      const doc = (globalThis as any).document
      const token = decodeURIComponent(
        doc.cookie
          .split('; ')
          .find((c: string) => c.startsWith('XSRF-TOKEN='))
          .slice(11)
      )
      const response = await fetch(target, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'accept': 'application/json', 'x-xsrf-token': token },
        body: JSON.stringify(payload),
      })
      return { status: response.status, body: await response.json() }
    },
    { url, body }
  )
}

test.group('Browser / spaced review (issue 27)', (group) => {
  const students = aiToolsGroup(group)

  test('generate a set, review three cards with the keyboard, reload: the same due state; axe finds nothing', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const {
      user,
      doc,
      page: dashboard,
    } = await students.withDocument(browserContext, urlFor('pages.workspace.dashboard'))
    const made = await postFromPage(dashboard, urlFor('api.ai.tools.run', { toolId: 'flashcards' }), {
      scope: { document_ids: [doc.id] },
      count: 4,
    })
    assert.equal(made.status, 201)

    const page = await visitOnPhone(visit, urlFor('pages.study.review'))
    await page.assertTextContains('[data-testid="due-count"]', '4')
    assert.deepEqual(await axeViolations(page), [])

    const seen: string[] = []
    for (let i = 0; i < 3; i++) {
      const card = page.getByTestId('review-card')
      const id = (await card.getAttribute('data-card-id'))!
      seen.push(id)
      await page.keyboard.press('Space')
      await page.getByTestId('card-back').waitFor()
      // Each rating shows its next interval before the choice (a new card: Good in 10 min).
      await page.assertTextContains('[data-testid="interval-good"]', '10 min')
      if (i === 0) {
        assert.deepEqual(JSON.stringify(await axeViolations(page)), '[]')
        assert.isAtMost(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth), 390)
      }
      await page.keyboard.press('3')
      await page.waitForFunction(
        (previous: string) =>
          (globalThis as any).document.querySelector('[data-testid="review-card"]')?.getAttribute('data-card-id') !==
          previous,
        id
      )
      await page.assertTextContains('[data-testid="review-status"]', 'Saved: Good')
    }
    assert.lengthOf(new Set(seen), 3)
    await page.assertTextContains('[data-testid="due-count"]', '1')
    const left = await page.getByTestId('review-card').getAttribute('data-card-id')

    await page.reload()
    await page.waitForLoadState('networkidle')
    await page.assertTextContains('[data-testid="due-count"]', '1')
    assert.equal(await page.getByTestId('review-card').getAttribute('data-card-id'), left)
    const logs = await db.from('study_review_logs').where('user_id', user.id).select('rating')
    assert.deepEqual(
      logs.map((l) => Number(l.rating)),
      [3, 3, 3]
    )
  })

  test('a missed trivia question is added to the cards from the trivia page', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const triviaGame = toolUrl('trivia-game')
    const { user, page: trivia } = await students.withDocument(browserContext, triviaGame, { title: 'photosynthesis' })
    await runTool(trivia, { document: 'photosynthesis', count: 2, result: '[data-testid="trivia-player"]' })
    const session = await db.from('ai_game_sessions').where('user_id', user.id).orderBy('id', 'desc').first()
    const questions = JSON.parse(session.questions)
    for (const [i, q] of questions.entries()) {
      const choice = i === 0 ? (q.correctIndex + 1) % q.options.length : q.correctIndex
      await trivia.locator('[data-testid="trivia-player"] input[type="radio"]').nth(choice).check()
      if (i < questions.length - 1) await trivia.click('[data-testid="trivia-next"]')
    }
    await trivia.click('[data-testid="trivia-submit"]')
    await trivia.waitForSelector('[data-testid="trivia-result"]')
    assert.equal(await trivia.locator('[data-testid="add-to-cards-1"]').count(), 0)
    await trivia.locator('[data-testid="add-to-cards-0"] button').click()
    await trivia.locator('[data-testid="add-to-cards-0"]').getByText('Added to your cards').waitFor()
    const card = await db.from('study_cards').where('user_id', user.id).where('trivia_session_id', session.id).first()
    assert.equal(Number(card.trivia_index), 0)

    const review = await visitHydrated(visit, urlFor('pages.study.review'))
    await review.assertTextContains('[data-testid="card-front"]', questions[0].question)
  })
})
