import { test } from '@japa/runner'
import { createRequire } from 'node:module'
import db from '@adonisjs/lucid/services/db'
import { BIOLOGY_TEXT, aiUser, ownedDocument, resetAiLimiter } from '#tests/support/ai'
import { urlFor } from '@adonisjs/core/services/url_builder'

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** axe-core's violations on the page as it stands (the same run as accessibility.spec.ts). */
async function violations(page: any) {
  await page.waitForLoadState('networkidle')
  await page.addScriptTag({ path: axeSource })
  return page.evaluate(async () => {
    const run = await (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] })
    return run.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')),
    }))
  })
}

/*
| Issue 27, done means: generate a set, find it in the library, open it, follow a card's source
| link to the highlighted passage; axe reports 0 violations on the new pages.
*/
test.group('Browser / study library and back to the source (issue 27)', (group) => {
  const userIds: number[] = []
  group.each.setup(() => resetAiLimiter())
  group.teardown(async () => {
    if (userIds.length) {
      await db.from('documents').whereIn('owner_id', userIds).delete()
      await db.from('users').whereIn('id', userIds).delete()
    }
  })

  test('generate a set, find it in the library, open it and follow a card to its passage', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await aiUser()
    userIds.push(user.id)
    // A longer text, so the cited passage may sit below the fold.
    const doc = await ownedDocument(
      user.id,
      [BIOLOGY_TEXT, BIOLOGY_TEXT.replace(/Photosynthesis/g, 'Leaf chemistry'), BIOLOGY_TEXT].join('\n\n'),
      { title: 'Photosynthesis notes' }
    )
    await browserContext.loginAs(user)

    const tool = await visit(urlFor('pages.ai.tool', { slug: 'flashcard-builder' }))
    await tool.waitForLoadState('networkidle')
    await tool.getByLabel('Photosynthesis notes').check()
    await tool.fill('input[type="number"]', '4')
    await tool.click('[data-testid="tool-trigger"]')
    await tool.waitForSelector('[data-testid="flashcards-result"]')
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
    const user = await aiUser()
    userIds.push(user.id)
    const doc = await ownedDocument(user.id, BIOLOGY_TEXT, { title: 'Axe biology' })
    await browserContext.loginAs(user)
    const page = await visit(urlFor('pages.ai.tool', { slug: 'exam-prep' }))
    await page.waitForLoadState('networkidle')
    await page.getByLabel('Axe biology').check()
    await page.click('[data-testid="tool-trigger"]')
    await page.waitForSelector('[data-testid="study-guide-result"]')

    const found: Record<string, unknown> = {}
    const library = await visit('/study')
    const list = await violations(library)
    if (list.length) found['/study'] = list
    const href = (await library.locator('[data-testid="library-item-link"]').first().getAttribute('href'))!
    const item = await visit(href)
    const onItem = await violations(item)
    if (onItem.length) found[href] = onItem
    const source = (await item.locator('[data-testid="source-link"]').first().getAttribute('href'))!
    const marked = await visit(source)
    await marked.waitForSelector('[data-testid="passage-highlight"]')
    const onPassage = await violations(marked)
    if (onPassage.length) found[source] = onPassage

    // Delete: a dialog first; Escape keeps the item; confirming removes it.
    const again = await visit('/study')
    await again.waitForLoadState('networkidle')
    await again.click('[data-testid="library-item-delete"]')
    const dialog = again.getByRole('alertdialog')
    await dialog.waitFor()
    const onDialog = await violations(again)
    if (onDialog.length) found['/study (dialog)'] = onDialog
    await again.keyboard.press('Escape')
    assert.equal(await again.getByRole('alertdialog').count(), 0)
    assert.equal(await again.locator('[data-testid="library-item"]').count(), 1)
    await again.click('[data-testid="library-item-delete"]')
    await again.click('[data-testid="confirm-dialog-confirm"]')
    await again.waitForSelector('[data-state="empty"]')
    assert.equal(Number((await db.from('ai_study_guides').where('user_id', user.id).count('* as n').first()).n), 0)
    assert.deepEqual(found, {})
    assert.exists(doc)
  }).timeout(120_000)
})
