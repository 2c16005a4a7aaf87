import type { Page } from 'playwright'
import { urlFor } from '@adonisjs/core/services/url_builder'

/*
| What the browser suite does on the AI tool pages and in the upload dialog, the way a student
| does it; and the failures it forces with Playwright's request routing (the page sees exactly
| what a failing server would send).
*/

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

type UploadFile = { name: string; mimeType: string; buffer: Buffer }

/** Opens the upload dialog, chooses `file` in its labelled file input and sends it. */
export async function sendUpload(page: Page, file: UploadFile) {
  await page.click('[data-testid="open-upload"]')
  await page.locator('[data-testid="upload-modal"]').getByLabel('Document file').setInputFiles(file)
  await page.click('[data-testid="upload-submit"]')
}

/** Sends `file` through the upload dialog, waits for its success state and closes it with Done. */
export async function uploadThroughDialog(page: Page, file: UploadFile) {
  await sendUpload(page, file)
  await page.waitForSelector('[data-testid="upload-success"]')
  await page.click('text=Done')
}

/** The error body the app sends for an unexpected failure. */
export const SERVER_ERROR = { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong. Please try again.' }

/** A JSON error answer for `route.fulfill`, in the contract's shape (`status` in the body too). */
export function errorReply(status = 500, body: object = SERVER_ERROR, headers: Record<string, string> = {}) {
  return { status, headers, contentType: 'application/json', body: JSON.stringify({ ...body, status }) }
}

/** Answers requests to `pattern` with `errorReply`: the next `times` of them, or all until `page.unroute`. */
export async function failRequests(
  page: Page,
  pattern: string,
  { status = 500, body = SERVER_ERROR, times }: { status?: number; body?: object; times?: number } = {}
) {
  await page.route(pattern, (route) => route.fulfill(errorReply(status, body)), times ? { times } : undefined)
}
