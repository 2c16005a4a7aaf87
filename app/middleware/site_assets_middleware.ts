import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'
import ViteMiddleware from '@adonisjs/vite/vite_middleware'
import { isApiPath } from '#middleware/api_path'

/**
 * Static files (public/) and, in development and tests, the Vite dev server. Neither serves
 * anything under /api, so API requests skip both: the static lookup is a `stat` per request,
 * the largest single cost of the public flag status route (docs/decisions/hot_paths.md).
 */
@inject()
export default class SiteAssetsMiddleware {
  constructor(
    protected staticFiles: StaticMiddleware,
    protected vite: ViteMiddleware
  ) {}

  handle(ctx: HttpContext, next: NextFn) {
    if (isApiPath(ctx.request.url())) return next()
    return this.staticFiles.handle(ctx, () => this.vite.handle(ctx, next))
  }
}
