import { Logger } from '@adonisjs/core/logger'
import { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { markArrival } from '#services/infra/request_arrival'

export default class ContainerBindingsMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    // When the request arrived: a remember-me token rotated after that still serves it.
    markArrival(ctx.request.request)
    ctx.containerResolver.bindValue(HttpContext, ctx)
    ctx.containerResolver.bindValue(Logger, ctx.logger)
    return next()
  }
}
