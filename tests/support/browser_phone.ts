import type { Page } from 'playwright'
import type { TestContext } from '@japa/runner/core'

/* Issue 29 item 7: the phone the browser suite holds pages to. */
export const PHONE = { width: 390, height: 844 }

/** Opens `url`, narrows the window to the phone and waits for the network to settle (hydrated). */
export async function visitOnPhone(visit: TestContext['visit'], url: string) {
  const page = await visit(url)
  return onPhone(page)
}

/** Narrows `page` to the phone and waits for the network to settle. */
export async function onPhone(page: Page) {
  await page.setViewportSize(PHONE)
  await page.waitForLoadState('networkidle')
  return page
}

/** At phone width, the elements that stick out to the right of the viewport (empty when nothing overflows). */
export async function phoneOverflow(page: Page) {
  await onPhone(page)
  return page.evaluate(() => {
    const doc = (globalThis as any).document
    const width = doc.documentElement.clientWidth
    if (doc.documentElement.scrollWidth <= width) return []
    return Array.from(doc.querySelectorAll('body *') as ArrayLike<any>)
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}px`
      )
  })
}
