import { createRequire } from 'node:module'
import type { Page } from 'playwright'

/*
| The outside-client audit of the student pages (docs/decisions/student_pages.md, "Audit with
| axe-core and keyboards"): axe-core with every WCAG 2.1 A/AA rule, the 2.2 target size and the
| best-practice rules, plus what axe cannot see (skip link, reflow, focus ring).
*/
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export const AUDIT_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/** axe's violations under AUDIT_TAGS, as "rule(impact): node | node" lines; empty when clean. */
export async function axeAudit(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle')
  if (!(await page.evaluate(() => Boolean((globalThis as any).axe)))) await page.addScriptTag({ path: axeSource })
  return page.evaluate(async (tags) => {
    const g = globalThis as any
    const run = await g.axe.run(g.document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return run.violations.map(
      (v: any) =>
        `${v.id}(${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n: any) => n.target.join(' '))
          .join(' | ')}`
    )
  }, AUDIT_TAGS)
}

/** What the page itself shows at its current width: lang, a skip link first, no sideways scroll. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const d = (globalThis as any).document
    const found: string[] = []
    if (!d.documentElement.lang) found.push('no lang attribute')
    const first = d.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')
    const target = first?.getAttribute('href')?.startsWith('#')
      ? d.getElementById(first.getAttribute('href').slice(1))
      : null
    if (!/skip to (main )?content/i.test(first?.textContent || '') || target?.tagName !== 'MAIN') {
      found.push('the first focusable element is not a skip link to <main>')
    }
    // WCAG 1.3.5: fields about the student say what they hold, so browsers and tools can fill them.
    const personal = d.querySelectorAll(
      'input[type=email], input[type=password], input[name=username], input[name=email]'
    )
    for (const input of Array.from(personal as ArrayLike<any>)) {
      if (!input.getAttribute('autocomplete')) found.push(`no autocomplete on ${input.name || input.type}`)
    }
    const width = d.documentElement.clientWidth
    if (d.documentElement.scrollWidth > width) {
      const wide = Array.from(d.querySelectorAll('body *') as ArrayLike<any>)
        .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('[aria-hidden="true"]'))
        .slice(-2)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)}`)
      found.push(`scrolls sideways at ${width}px (${d.documentElement.scrollWidth}px): ${wide.join(', ')}`)
    }
    return found
  })
}

/**
 * Tabs through the first `count` stops from the top of the page and names each focused element
 * that shows neither an outline nor a ring (a box-shadow it lacks unfocused); a border colour
 * alone does not count.
 */
export async function focusWithoutRing(page: Page, count = 25): Promise<string[]> {
  await page.locator('body').focus()
  const found: string[] = []
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab')
    const miss = await page.evaluate(() => {
      const g = globalThis as any
      const el = g.document.activeElement
      if (!el || el.tagName === 'BODY' || el.tagName === 'MAIN') return null
      const look = () => {
        const style = g.getComputedStyle(el)
        const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
        return { outline, shadow: style.boxShadow }
      }
      const focusedLook = look()
      el.blur()
      const plain = look()
      el.focus()
      if (focusedLook.outline || focusedLook.shadow !== plain.shadow) return null
      return `${el.tagName.toLowerCase()}[name=${el.name || ''}] "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`
    })
    if (miss && !found.includes(miss)) found.push(miss)
  }
  return found
}

/** What the focused element is, for a test that expects focus somewhere: test id, name or label. */
export function focused(page: Page) {
  return page.evaluate(() => {
    const el = (globalThis as any).document.activeElement
    if (!el || el.tagName === 'BODY') return 'body'
    return (
      el.getAttribute('data-testid') ||
      el.getAttribute('name') ||
      el.getAttribute('aria-label') ||
      el.tagName.toLowerCase()
    )
  })
}
