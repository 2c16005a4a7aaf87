import type { HttpContext } from '@adonisjs/core/http'
import { ApiError } from '#exceptions/api_error'

/** The largest value of an `increments` id column (a 32-bit integer on PostgreSQL). */
export const MAX_ROW_ID = 2147483647

/**
 * A row id from a route param or a body field: plain decimal digits (or an integer) within
 * the id column's range, else null. Callers answer a null as "not found" (or 400 for a body
 * field), so an id the column cannot hold never reaches the database (a 500 on PostgreSQL).
 */
export function parseRowId(value: unknown): number | null {
  const id = parsePositiveInteger(value)
  return id !== null && id <= MAX_ROW_ID ? id : null
}

/**
 * A positive integer (an integer, or decimal digits with optional surrounding spaces), whatever
 * its size; null otherwise. For callers that answer an id past the column's range as "missing"
 * (404) rather than "malformed"; `parseRowId` is the same with the range check.
 */
export function parsePositiveInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 ? value : null
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return null
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? n : null
}

/**
 * The request data for a JSON validator, refusing a body that is not an object: an array
 * would otherwise be spread into `request.all()` as an empty object and pass an
 * all-optional schema (an "empty update" answered 200). 400 BAD_REQUEST like any
 * validation error.
 */
export function objectBody(request: HttpContext['request']): Record<string, unknown> {
  const body = request.body() as unknown
  if (Array.isArray(body)) {
    throw ApiError.badRequest('The request body must be a JSON object', undefined, [
      { field: 'body', rule: 'object', message: 'The request body must be a JSON object' },
    ])
  }
  return request.all()
}
