import type { HttpContext } from '@adonisjs/core/http'
import { adsConfig } from '#config/ads'

/**
 * GET /ads.txt (docs/rules/flags.md#ads): one authorized-seller line, unconditional (no flag,
 * plan or switch), from ADS_PUBLISHER_ID with a built-in default.
 */
export default class AdsTxtController {
  async show({ response }: HttpContext) {
    response.header('Content-Type', 'text/plain; charset=utf-8')
    response.header('Cache-Control', 'public, max-age=3600')
    return response.send(`${adsConfig.adSystemDomain}, ${adsConfig.publisherId}, DIRECT, ${adsConfig.certificationId}`)
  }
}
