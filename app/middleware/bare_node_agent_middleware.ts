import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'

/**
 * docs/rules/hardening.md#bad-input: bare-node user agents are none, `node`, `undici` and `node-fetch/*`
 * (the frontend sends its own user agent on server-side catalog fetches, docs/rules/catalog.md#page-metadata).
 */
export function isBareNodeAgent(userAgent: string | null | undefined): boolean {
  const value = (userAgent ?? '').trim().toLowerCase()
  if (!value) return true
  if (value === 'node' || value === 'undici') return true
  return value.startsWith('node-fetch/') || value === 'node-fetch'
}

/**
 * Answers 403 to bare-node user agents on the public catalog JSON routes, in production only
 * (docs/rules/catalog.md#page-metadata). `inProduction` is a parameter so a unit test can check the production
 * branch.
 */
export function bareNodeAgentGuard(inProduction: () => boolean = () => app.inProduction) {
  return async (ctx: HttpContext, next: NextFn) => {
    if (inProduction() && isBareNodeAgent(ctx.request.header('user-agent'))) {
      throw ApiError.forbidden('Automated requests without a user agent are not allowed')
    }
    return next()
  }
}
