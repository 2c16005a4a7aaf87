import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'

type Flaw = 'nul' | 'encoding' | null

function flawOf(text: string): Flaw {
  if (text.includes('\u0000')) return 'nul'
  // A lone surrogate is not text; U+FFFD is what the body parser leaves of invalid UTF-8.
  if (!text.isWellFormed() || text.includes('\uFFFD')) return 'encoding'
  return null
}

function findFlaw(value: unknown, depth = 0): Flaw {
  if (typeof value === 'string') return flawOf(value)
  if (depth > 20 || value === null || typeof value !== 'object') return null
  // Parsed text only: an uploaded file (a MultipartFile in the body) is checked by its route.
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return null
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const flaw = (typeof key === 'string' && flawOf(key)) || findFlaw(item, depth + 1)
    if (flaw) return flaw
  }
  return null
}

/**
 * Text input is text (issue 14 C14): a path parameter, query string or body field holding NUL,
 * a lone surrogate or invalid UTF-8 is refused with 400 before any route runs, instead of
 * being stored as U+FFFD (or, for NUL, failing on PostgreSQL while SQLite stores it).
 * Uploaded file bytes are not inspected (they are not strings here).
 */
export default class TextInputMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    assertTextInput(ctx.params, ctx.request.qs(), ctx.request.body())
    return next()
  }
}

/** The same rule for input read later than this middleware runs (multipart fields of an upload). */
export function assertTextInput(...values: unknown[]) {
  let flaw: Flaw = null
  for (const value of values) flaw ||= findFlaw(value)
  if (flaw === 'nul') throw ApiError.badRequest('The request contains a character that is not allowed (NUL).')
  if (flaw === 'encoding')
    throw ApiError.badRequest('The request contains text that is not valid UTF-8 (a broken or lone character).')
}
