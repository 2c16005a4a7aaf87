import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { validateHeaderName, validateHeaderValue } from 'node:http'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'

/** The first header Node would refuse to write (a character above U+00FF, CR, LF…), or null. */
function invalidHeader(headers: Record<string, unknown>) {
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue
    try {
      validateHeaderName(name)
      for (const item of Array.isArray(value) ? value : [value]) validateHeaderValue(name, String(item))
    } catch {
      return name
    }
  }
  return null
}

/**
 * No response can take the process down (issue 23.1). Runs outermost, after every other
 * middleware and the route have set the response:
 * - a header Node would refuse is dropped and the answer becomes the contract 500, instead of a
 *   throw inside the framework's response writer (where nobody awaits it);
 * - a streamed body is piped here and awaited, so a storage error or a client that goes away
 *   ends this request (logged with its request id), never the process.
 */
export default class ResponseGuardMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await next()
    const { response } = ctx
    const lazy = response.lazyBody.stream
    const bad = invalidHeader(response.getHeaders())
    if (bad) {
      response.removeHeader(bad)
      if (lazy) {
        response.lazyBody.stream = undefined
        const body = lazy[0]
        if (body instanceof Readable) body.destroy()
      }
      ctx.logger.error({ header: bad }, 'refused to send a response header with invalid characters')
      throw new ApiError(500, 'INTERNAL_SERVER_ERROR', 'Something went wrong. Please try again.')
    }
    if (!lazy || !response.isPending) return
    response.lazyBody.stream = undefined
    const body = lazy[0]
    const readable = body instanceof Readable ? body : Readable.fromWeb(body as any)
    response.setRequestId()
    response.relayHeaders()
    try {
      await pipeline(readable, response.response)
    } catch (error) {
      // The headers are out: the connection is closed, which the client sees as a failed download.
      const aborted = (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE'
      if (aborted) ctx.logger.debug('client closed a streamed response early')
      else ctx.logger.warn({ err: error }, 'a streamed response failed')
    }
  }
}
