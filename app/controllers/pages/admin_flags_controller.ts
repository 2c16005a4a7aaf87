import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { FeatureFlagAdmin } from '#services/flags/feature_flag_admin'
import { serializeFeatureFlag, type SerializedFeatureFlag } from '#transformers/feature_flag_transformer'

/** GET /admin/flags: the flag administration page (docs/rules/flags.md#admin); mutations go through /api. */
@inject()
export default class AdminFlagsController {
  constructor(private admin: FeatureFlagAdmin) {}

  async show({ inertia, logger }: HttpContext) {
    let flags: SerializedFeatureFlag[] | null = null
    let loadError: string | null = null
    try {
      flags = (await this.admin.list()).map(serializeFeatureFlag)
    } catch (error) {
      logger.error({ err: error }, 'admin flags: could not list the flags')
      loadError = 'Could not load the feature flags.'
    }
    return inertia.render('admin/flags', { flags, loadError })
  }
}
