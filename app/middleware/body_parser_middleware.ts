import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import { ApiError } from '#exceptions/api_error'
import { largeJsonLimit } from '#middleware/large_json_routes'

/**
 * Runs the framework's body parser with one answer added: a JSON body nested so deeply that taking it in
 * overflows the stack (the parsed copy is deep-cloned) is a 400, not a 500. Only a RangeError raised before
 * the route runs is mapped; one from the route is a real fault.
 */
export async function parseBody(parser: BodyParserMiddleware, ctx: HttpContext, next: NextFn) {
  let parsed = false
  try {
    return await parser.handle(ctx, () => {
      parsed = true
      return next()
    })
  } catch (error) {
    if (!parsed && error instanceof RangeError) throw ApiError.badRequest('The JSON body is nested too deeply.')
    throw error
  }
}

/**
 * The framework's body parser through `parseBody`. JSON strings are not trimmed (config/bodyparser.ts), so
 * the parser no longer fails on a deep body by itself (docs/decisions/hardening.md). A route with a larger
 * JSON limit (large_json_routes.ts) is left unread here: it reads its body after auth.
 */
@inject()
export default class BodyParser {
  constructor(private parser: BodyParserMiddleware) {}

  async handle(ctx: HttpContext, next: NextFn) {
    if (largeJsonLimit(ctx) !== undefined) return next()
    return parseBody(this.parser, ctx, next)
  }
}
