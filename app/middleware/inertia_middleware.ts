import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import type User from '#models/user'
import { sharedPageProps } from '#services/pages/shared_page_props'
import { isApiPath } from '#middleware/api_path'
import { subscriptionSummary } from '#services/billing/shared_subscription'
import { AdsSettings } from '#services/pages/ads_settings'

@inject()
export default class InertiaMiddleware extends BaseInertiaMiddleware {
  constructor(private ads: AdsSettings) {
    super()
  }

  /**
   * Called for every Inertia render. A page may render before the session or auth
   * middleware ran (a 404, say), so the context is treated as partial there.
   */
  async share(ctx: HttpContext) {
    const { session, auth } = ctx as Partial<HttpContext>
    const user = auth?.isAuthenticated ? ((auth.user as User | undefined) ?? null) : null
    return sharedPageProps({
      user,
      // With the request's ctx, the summary reuses the row the guard or controller already read.
      subscription: user ? await subscriptionSummary(user.id, ctx) : null,
      flash: {
        error: session?.flashMessages.get('error') as string | undefined,
        success: session?.flashMessages.get('success') as string | undefined,
      },
      ads: this.ads,
    })
  }

  async handle(ctx: HttpContext, next: NextFn) {
    // JSON API routes never render a page (errors included: the handler answers JSON there).
    if (isApiPath(ctx.request.url())) return next()
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}
