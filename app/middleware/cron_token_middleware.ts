import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import env from '#start/env'
import { ApiError } from '#exceptions/api_error'
import { secretsMatch } from '#services/sitemaps/secrets'

/**
 * GET /api/cron/sitemap (docs/rules/crawler.md#cron): `Authorization: Bearer <CRON_SECRET>`,
 * compared in constant time; an unset CRON_SECRET always answers 401.
 */
export default class CronTokenMiddleware {
  async handle({ request }: HttpContext, next: NextFn) {
    const expected = env.get('CRON_SECRET')
    const token = /^Bearer\s+(.+)$/i.exec(request.header('authorization') || '')?.[1]?.trim()
    if (!expected || !secretsMatch(token, expected)) throw ApiError.unauthorized('Invalid or missing cron token.')
    return next()
  }
}
