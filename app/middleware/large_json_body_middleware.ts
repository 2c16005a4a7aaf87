import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import app from '@adonisjs/core/services/app'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import type { BodyParserConfig } from '@adonisjs/core/types/bodyparser'
import { parseBody } from '#middleware/body_parser_middleware'
import { largeJsonLimit } from '#middleware/large_json_routes'
import { assertTextInput } from '#middleware/text_input_middleware'

const parsers = new Map<number, BodyParserMiddleware>()

function parserFor(limit: number) {
  let parser = parsers.get(limit)
  if (!parser) {
    const config = app.config.get<BodyParserConfig>('bodyparser')
    parser = new BodyParserMiddleware({ ...config, json: { ...config.json, limit } })
    parsers.set(limit, parser)
  }
  return parser
}

/**
 * Reads the JSON body of a route of `LARGE_JSON_BODY_ROUTES` (large_json_routes.ts) with that route's limit (over
 * it: 413 with the contract body, as for any body over a limit), then applies the text-input rule the router ran
 * on a body not read yet. Other content types are read with the usual limits.
 */
export default class LargeJsonBodyMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const limit = largeJsonLimit(ctx)
    if (limit === undefined) throw new Error('largeJsonBody() on a route missing from LARGE_JSON_BODY_ROUTES')
    return parseBody(parserFor(limit), ctx, () => {
      assertTextInput(ctx.request.body())
      return next()
    })
  }
}
