import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { BIOLOGY_TEXT } from '#tests/support/ai'
import { axeViolations } from '#tests/support/browser_axe'
import { Findings, visitHydrated } from '#tests/support/browser_session'
import { aiToolsGroup, runTool, toolUrl } from '#tests/support/browser_ai'

/*
| Issue 27, done means: generate a set, find it in the library, open it, follow a card's source
| link to the highlighted passage; axe reports 0 violations on the new pages.
*/
test.group('Browser / study library and back to the source (issue 27)', (group) => {
  const students = aiToolsGroup(group)

  test('generate a set, find it in the library, open it and follow a card to its passage', async ({
    browserContext,
    assert,
  }) => {
    // A longer text, so the cited passage may sit below the fold.
    const text = [BIOLOGY_TEXT, BIOLOGY_TEXT.replace(/Photosynthesis/g, 'Leaf chemistry'), BIOLOGY_TEXT].join('\n\n')
    const notes = { text, title: 'Photosynthesis notes' }
    const { doc, page: tool } = await students.withDocument(browserContext, toolUrl('flashcard-builder'), notes)
    await runTool(tool, { document: 'Photosynthesis notes', count: 4, result: '[data-testid="flashcards-result"]' })
    // The tool page already links each card to its passage.
    assert.isAtLeast(await tool.locator('[data-testid="flashcards-result"] [data-testid="source-link"]').count(), 1)
    await tool.getByRole('link', { name: 'your study library' }).click()

    await tool.waitForURL('**/study')
    await tool.getByLabel('Search your library').fill('photosynthesis')
    await tool.getByRole('button', { name: 'Search' }).click()
    await tool.waitForURL('**/study?q=photosynthesis**')
    const row = tool.locator('[data-testid="library-item"][data-kind="flashcards"]')
    assert.equal(await row.count(), 1)
    await tool.assertTextContains('[data-testid="library-group"] h2', 'Photosynthesis notes')
    await row.locator('[data-testid="library-item-link"]').click()

    await tool.waitForSelector('[data-testid="study-item"] [data-testid="flashcards-result"]')
    assert.equal(await tool.locator('[data-testid="flashcard"]').count(), 4)
    const link = tool.locator('[data-testid="flashcard-item"] [data-testid="source-link"]').last()
    const href = (await link.getAttribute('href'))!
    const match = /^\/documents\/([^?]+)\?passage=(\d+)$/.exec(href)
    assert.isNotNull(match, href)
    assert.equal(match![1], doc.slug)
    const chunkIndex = Number(match![2])
    const chunk = await db.from('document_chunks').where('document_id', doc.id).where('chunk_index', chunkIndex).first()
    await link.click()

    const passage = tool.locator(`#passage-${chunkIndex}`)
    await passage.waitFor()
    await tool.waitForFunction(
      (id: string) => (globalThis as any).document.activeElement?.id === id,
      `passage-${chunkIndex}`
    )
    assert.isTrue(await passage.isVisible())
    const box = await passage.boundingBox()
    const viewport = tool.viewportSize()!
    assert.isTrue(box!.y < viewport.height && box!.y + box!.height > 0, 'the passage is on screen')
    const shown = (await passage.innerText()).replace(/\s+/g, ' ')
    const firstSentence = String(chunk.content)
      .trim()
      .split(/(?<=[.!?])\s/)[0]
      .replace(/\s+/g, ' ')
    assert.include(shown, firstSentence)
  }).timeout(120_000)

  test('deleting asks first; axe reports nothing on /study, an item page and a marked passage', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const axeBiology = { text: BIOLOGY_TEXT, title: 'Axe biology' }
    const { user, doc, page } = await students.withDocument(browserContext, toolUrl('exam-prep'), axeBiology)
    await runTool(page, { document: 'Axe biology', result: '[data-testid="study-guide-result"]' })

    const found = new Findings()
    const library = await visit('/study')
    found.record('/study', await axeViolations(library))
    const href = (await library.locator('[data-testid="library-item-link"]').first().getAttribute('href'))!
    const item = await visit(href)
    found.record(href, await axeViolations(item))
    const source = (await item.locator('[data-testid="source-link"]').first().getAttribute('href'))!
    const marked = await visit(source)
    await marked.waitForSelector('[data-testid="passage-highlight"]')
    found.record(source, await axeViolations(marked))

    // Delete: a dialog first; Escape keeps the item; confirming removes it.
    const again = await visitHydrated(visit, '/study')
    await again.click('[data-testid="library-item-delete"]')
    const dialog = again.getByRole('alertdialog')
    await dialog.waitFor()
    found.record('/study (dialog)', await axeViolations(again))
    await again.keyboard.press('Escape')
    assert.equal(await again.getByRole('alertdialog').count(), 0)
    assert.equal(await again.locator('[data-testid="library-item"]').count(), 1)
    await again.click('[data-testid="library-item-delete"]')
    await again.click('[data-testid="confirm-dialog-confirm"]')
    await again.waitForSelector('[data-state="empty"]')
    assert.equal(Number((await db.from('ai_study_guides').where('user_id', user.id).count('* as n').first()).n), 0)
    assert.deepEqual(found.all, {})
    assert.exists(doc)
  }).timeout(120_000)
})
