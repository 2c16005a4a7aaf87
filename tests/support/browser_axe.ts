import { createRequire } from 'node:module'
import type { Page } from 'playwright'
import type { TestContext } from '@japa/runner/core'
import { Findings } from '#tests/support/browser_session'

/*
| axe-core in Chromium for the browser suite: axe runs inside the page (its own script, from
| node_modules), after the network has settled, and reports violations of any impact.
*/
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export type AxeViolation = { id: string; impact: string; nodes: string[] }

/** axe-core's violations on the page as it stands (empty when it passes); three nodes each, for the message. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
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

/** axe's violations on every path, keyed by path; `{}` when all pass. */
export function axeSweep(visit: TestContext['visit'], paths: string[]) {
  return new Findings().sweep(visit, paths, axeViolations)
}
