import type { BrowserContext, Page } from 'playwright'
import type { Group } from '@japa/runner/core'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { aiUser, ownedDocument, resetAiLimiter } from '#tests/support/ai'
import { BrowserUsers, visitSignedIn, type OwnedTable } from '#tests/support/browser_session'

/* The AI tool pages in the browser suite, used the way a student uses them. */

/** The page of one AI tool, by its slug (`flashcard-builder`, `trivia-game`, …). */
export function toolUrl(slug: string) {
  return urlFor('pages.ai.tool', { slug })
}

type ToolRun = { document?: string; count?: number; question?: string; result: string }

/**
 * On a tool page: ticks `document` and fills the count and the question when given, runs the
 * tool and waits for `result` (a selector).
 */
export async function runTool(page: Page, run: ToolRun) {
  if (run.document) await page.getByLabel(run.document).check()
  if (run.count !== undefined) await page.fill('input[type="number"]', String(run.count))
  if (run.question) await page.fill('input[name="user_query"]', run.question)
  await page.click('[data-testid="tool-trigger"]')
  await page.waitForSelector(run.result)
}

/** The students of a browser group, each a new AI user (pro plan, AI and upload flags on). */
export class AiStudents extends BrowserUsers {
  /** A new student who owns one document (`ownedDocument`'s text and title unless given), signed in on `url`. */
  async withDocument(browserContext: BrowserContext, url: string, document: { text?: string; title?: string } = {}) {
    const user = this.add(await aiUser())
    const doc = await ownedDocument(user.id, document.text, document.title ? { title: document.title } : {})
    return { user, doc, page: await visitSignedIn(browserContext, user, url) }
  }
}

/**
 * A group that runs AI tools: the limiter is emptied before each test, and the students it made
 * (with the rows in `owned`) are deleted after each test or, by default, after the group.
 */
export function aiToolsGroup(group: Group, options: { owned?: OwnedTable[]; deleteAfterEach?: boolean } = {}) {
  const students = new AiStudents(options.owned)
  group.each.setup(() => resetAiLimiter())
  if (options.deleteAfterEach) group.each.teardown(() => students.delete())
  else group.teardown(() => students.delete())
  return students
}
