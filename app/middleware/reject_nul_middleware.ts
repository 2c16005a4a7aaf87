import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 20 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1))
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1))
}

/**
 * A NUL character in a path parameter, query string or body field is refused with 400 before
 * any route runs: PostgreSQL rejects NUL in text (a 500 otherwise) while SQLite stores it, so
 * refusing it up front gives one behaviour on both databases. Uploaded file bytes are not
 * inspected (they are not strings here).
 */
export default class RejectNulMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (containsNul(ctx.params) || containsNul(ctx.request.qs()) || containsNul(ctx.request.body())) {
      throw ApiError.badRequest('The request contains a character that is not allowed (NUL).')
    }
    return next()
  }
}
