import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import app from '@adonisjs/core/services/app'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import type { BodyParserConfig } from '@adonisjs/core/types/bodyparser'
import { parseBody } from '#middleware/body_parser_middleware'
import { largeJsonLimit } from '#middleware/large_json_routes'
import { assertTextInput } from '#middleware/text_input_middleware'
import { ApiError } from '#exceptions/api_error'

/** Requests with a body over the usual 1 MB handled at once by this process: each may hold hundreds of MB. */
const MAX_LARGE_READS = 2
const USUAL_LIMIT = 1024 * 1024
let largeReads = 0

/** A body announced over 1 MB, or sent without a length (chunked), counts as large. */
function announcedLarge(ctx: HttpContext) {
  const length = ctx.request.header('content-length')
  return length === undefined || Number(length) > USUAL_LIMIT
}

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
 * on a body not read yet. Other content types are read with the usual limits. At most `MAX_LARGE_READS` large
 * bodies are read at once (503 with Retry-After beyond), so parallel imports cannot exhaust memory.
 */
export default class LargeJsonBodyMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const limit = largeJsonLimit(ctx)
    if (limit === undefined) throw new Error('largeJsonBody() on a route missing from LARGE_JSON_BODY_ROUTES')
    const large = announcedLarge(ctx)
    if (large && largeReads >= MAX_LARGE_READS) {
      throw ApiError.unavailable('The server is busy reading other large files. Please try again in a moment.', 5)
    }
    if (large) largeReads++
    try {
      return await parseBody(parserFor(limit), ctx, () => {
        assertTextInput(ctx.request.body())
        return next()
      })
    } finally {
      if (large) largeReads--
    }
  }
}
