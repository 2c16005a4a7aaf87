import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import type { Assert } from '@japa/assert'
import type { ApiResponse } from '@japa/api-client'
import { hasVisibleCharacter, oneLine } from '#services/infra/visible_text'

/*
| The Big List of Naughty Strings (tests/fixtures/blns/SOURCE.md): about 500 strings written by
| strangers to break software. Read from the repository's copy, never the network.
*/
export const NAUGHTY: readonly string[] = JSON.parse(
  readFileSync(app.makePath('tests/fixtures/blns/blns.json'), 'utf8')
) as string[]

/** The list with its index, so a failure names the string that caused it. */
export function naughtyEntries(): [number, string][] {
  return NAUGHTY.map((s, i) => [i, s])
}

/** How a failure names a string: its index and a JSON-quoted (so visible) form. */
export function label(index: number, value: string) {
  return `BLNS #${index} ${JSON.stringify(value).slice(0, 120)}`
}

/** The documented title normalisation (app/validators/text.ts): trimmed, one line, NFC. */
export function titleForm(value: string) {
  return oneLine(value.trim()).trim().normalize('NFC')
}

/** A title the app must accept: after normalisation it has a visible character and fits `max`. */
export function acceptableTitle(value: string, max = 200) {
  const form = titleForm(value)
  return form.length >= 1 && form.length <= max && hasVisibleCharacter(form)
}

/**
 * What went wrong over a run of ~500 strings, gathered rather than thrown at the first, so one
 * run names every string a route mishandles; `assertNone` fails the test with the list.
 */
export class Findings {
  readonly problems: string[] = []

  check(ok: boolean, message: string) {
    if (!ok) this.problems.push(message)
    return ok
  }

  equal(actual: unknown, expected: unknown, what: string) {
    return this.check(
      actual === expected,
      `${what}: got ${JSON.stringify(actual)?.slice(0, 160)}, expected ${JSON.stringify(expected)?.slice(0, 160)}`
    )
  }

  /** Never a 5xx; a 4xx carries the contract's error body (`{ code, message, status }`). */
  answered(response: ApiResponse, what: string) {
    const status = response.status()
    if (!this.check(status < 500, `${what}: answered ${status} ${response.text().slice(0, 200)}`)) return false
    return status < 400 || this.contractError(response, what)
  }

  /** A 4xx with the contract's error body. */
  contractError(response: ApiResponse, what: string) {
    const status = response.status()
    const body = response.body()
    return (
      this.check(status >= 400 && status < 500, `${what}: expected a 4xx, got ${status}`) &&
      this.check(
        !!body &&
          typeof body === 'object' &&
          body.status === status &&
          typeof body.code === 'string' &&
          typeof body.message === 'string',
        `${what}: ${status} without the contract's error body: ${response.text().slice(0, 200)}`
      )
    )
  }

  /**
   * A server-rendered page that shows `value`: 200, an Inertia page object that parses and
   * carries the value exactly, and the value never written raw into the HTML when it holds
   * markup characters (a `<`: escaped in text, in attributes and in the embedded JSON alike).
   */
  pageShows(response: ApiResponse, value: string, what: string) {
    if (!this.check(response.status() === 200, `${what}: page answered ${response.status()}`)) return
    const html = response.text()
    const page = pageObjectOf(html)
    if (!this.check(page !== null, `${what}: no parsable Inertia page object`)) return
    this.check(containsValue(page, value), `${what}: the page object does not carry the value`)
    // A `<` opens markup; a lone `>` is harmless in text and in JSON-LD (`</script` is what matters).
    if (value.includes('<')) this.check(!html.includes(value), `${what}: the value is written raw into the HTML`)
    for (const tag of value.match(/<script\b[^>]*>/gi) ?? []) {
      this.check(!html.includes(tag), `${what}: a raw ${tag} from the value reached the HTML`)
    }
  }

  assertNone(assert: Assert) {
    const shown = this.problems.slice(0, 40).join('\n')
    assert.equal(this.problems.length, 0, `${this.problems.length} problem(s):\n${shown}`)
  }
}

/** Whether `needle` occurs anywhere among the values of `tree` (a parsed page object). */
export function containsValue(tree: unknown, needle: string): boolean {
  if (typeof tree === 'string') return tree === needle
  if (tree === null || typeof tree !== 'object') return false
  return Object.values(tree).some((item) => containsValue(item, needle))
}

/** The Inertia page object of an SSR page (a script element or a `data-page` attribute). */
export function pageObjectOf(html: string): any | null {
  const script = /<script[^>]*data-page="[^"]*"[^>]*>([\s\S]*?)<\/script>/.exec(html)
  try {
    if (script) return JSON.parse(script[1])
    const attribute = /\sdata-page="([^"]*)"/.exec(html)
    if (attribute) return JSON.parse(decodeAttribute(attribute[1]))
  } catch {
    return null
  }
  return null
}

function decodeAttribute(value: string) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Runs `work` over `items` with at most `width` in flight (keeps ~500 requests within seconds). */
export async function inBatches<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += width) {
    await Promise.all(items.slice(start, start + width).map(work))
  }
}
