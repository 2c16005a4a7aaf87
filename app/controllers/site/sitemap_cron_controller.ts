import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import { ApiError } from '#exceptions/api_error'
import { forwardSitemapRegeneration } from '#services/sitemaps/cron_forwarder'
import { secretsMatch } from '#services/sitemaps/secrets'

/** GET /api/cron/sitemap: Authorization: Bearer <CRON_SECRET> (SPEC B rule 7, CONTRACT 12). */
export default class SitemapCronController {
  async handle({ request, response }: HttpContext) {
    const expected = env.get('CRON_SECRET')
    const header = request.header('authorization') || ''
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim()
    // An unset CRON_SECRET always answers 401.
    if (!expected || !secretsMatch(token, expected)) throw ApiError.unauthorized('Invalid or missing cron token.')
    response.header('Cache-Control', 'no-store')
    return response.json(await forwardSitemapRegeneration())
  }
}
