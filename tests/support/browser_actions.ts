import type { Page } from 'playwright'

/*
| What the browser suite does in the upload dialog, the way a student does it; and the failures
| it forces with Playwright's request routing (the page sees exactly what a failing server would
| send).
*/

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
