import compression from 'compression'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

const compress = compression({ threshold: 1024 })

/**
 * gzip or brotli for text responses (pages, JSON, XML, JS, CSS) when the client accepts one,
 * through the `compression` package on the raw Node response. A request without
 * Accept-Encoding skips it entirely, so the hot paths pay nothing for clients that never ask.
 */
export default class CompressionMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (!ctx.request.header('accept-encoding')) return next()
    return new Promise<void>((resolve, reject) => {
      compress(ctx.request.request as any, ctx.response.response as any, (error?: unknown) => {
        if (error) reject(error)
        else Promise.resolve(next()).then(() => resolve(), reject)
      })
    })
  }
}
