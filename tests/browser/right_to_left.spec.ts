import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { createDocument } from '#tests/support/catalog'

/*
| Students name and write documents in Arabic and Hebrew. Each block of their text must take its
| direction from its own first letter (as dir="auto"): aligned to the right, with a trailing
| number and bracket on the reading side, while Latin text on the same page stays left-aligned.
*/
const ARABIC_TITLE = 'الكيمياء العضوية: مقدمة!'
const HEBREW_LINE = 'התא הוא יחידת החיים הבסיסית (פרק 3).'
const LATIN_LINE = 'Cells are the basic unit of life (chapter 3).'

/**
 * Where a block's first and last characters are drawn, and the gaps between its edges and its
 * text, in px. Right to left, the first letter is drawn right of the last and the text hugs the
 * right edge; in a left-to-right block a trailing bracket would jump to the far right instead.
 */
async function layout(page: any, selector: string) {
  return page.evaluate((target: string) => {
    // The browser's globals, typed loosely: the project's TypeScript settings carry no DOM library.
    const { document, getComputedStyle } = globalThis as any
    const element = document.querySelector(target)!
    const node = element.firstChild!.nodeType === 3 ? element.firstChild! : element
    const text = node.textContent!.trimEnd()
    const at = (start: number) => {
      const range = document.createRange()
      const textNode = node.nodeType === 3 ? node : node.firstChild!
      range.setStart(textNode, start)
      range.setEnd(textNode, start + 1)
      const rect = range.getBoundingClientRect()
      return rect.left + rect.width / 2
    }
    const whole = document.createRange()
    whole.selectNodeContents(element)
    const inner = whole.getBoundingClientRect()
    const box = element.getBoundingClientRect()
    const style = getComputedStyle(element)
    return {
      firstX: Math.round(at(0)),
      lastX: Math.round(at(text.length - 1)),
      left: Math.round(inner.left - box.left - Number.parseFloat(style.paddingLeft)),
      right: Math.round(box.right - inner.right - Number.parseFloat(style.paddingRight)),
    }
  }, selector)
}

test.group('Browser / right-to-left titles and text', (group) => {
  const ids: number[] = []
  group.each.teardown(async () => {
    const documents = ids.splice(0)
    if (documents.length) await db.from('documents').whereIn('id', documents).delete()
  })

  test('an Arabic title and a Hebrew paragraph align right; a Latin paragraph stays left', async ({
    visit,
    assert,
  }) => {
    const document = await createDocument({ title: ARABIC_TITLE }, [HEBREW_LINE, LATIN_LINE])
    ids.push(document.id)
    const page = await visit(urlFor('pages.documents.show', { slug: document.slug }))
    await page.setViewportSize({ width: 1200, height: 900 })
    await page.assertTextContains('h1', ARABIC_TITLE)

    const title = await layout(page, 'h1')
    assert.isAbove(title.firstX, title.lastX, `title ${JSON.stringify(title)}`)

    const texts = await page.locator('[data-testid="document-text"] p').allTextContents()
    const hebrew = texts.findIndex((t: string) => t.includes('התא'))
    const latin = texts.findIndex((t: string) => t.includes('Cells are'))
    assert.isAtLeast(hebrew, 0, `paragraphs: ${JSON.stringify(texts)}`)
    assert.isAtLeast(latin, 0)
    const paragraph = (n: number) => `[data-testid="document-text"] p:nth-of-type(${n + 1})`
    const right = await layout(page, paragraph(hebrew))
    assert.isAbove(right.firstX, right.lastX, `hebrew ${JSON.stringify(right)}`)
    assert.isAtMost(right.right, 2)
    assert.isAbove(right.left, 100)
    const left = await layout(page, paragraph(latin))
    assert.isBelow(left.firstX, left.lastX, `latin ${JSON.stringify(left)}`)
    assert.isAtMost(left.left, 2)
    assert.isAbove(left.right, 100)
  })
})
