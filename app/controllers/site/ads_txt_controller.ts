import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { AdsSettings } from '#services/pages/ads_settings'

/**
 * GET /ads.txt (docs/rules/flags.md#ads): one authorized-seller line, unconditional (no flag,
 * plan or switch), from ADS_PUBLISHER_ID with a built-in default.
 */
@inject()
export default class AdsTxtController {
  constructor(private ads: AdsSettings) {}

  async show({ response }: HttpContext) {
    const ads = this.ads
    response.header('Content-Type', 'text/plain; charset=utf-8')
    response.header('Cache-Control', 'public, max-age=3600')
    return response.send(`${ads.adSystemDomain}, ${ads.publisherId}, DIRECT, ${ads.certificationId}`)
  }
}
