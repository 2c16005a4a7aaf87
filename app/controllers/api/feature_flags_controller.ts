import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import featureFlags from '#services/flags/feature_flags'
import { FeatureFlagAdmin } from '#services/flags/feature_flag_admin'
import { createFlagValidator } from '#validators/flags'
import { serializeFeatureFlag, serializeFlagAudit } from '#transformers/feature_flag_transformer'
import { ApiError } from '#exceptions/api_error'
import { statusBody } from '#services/flags/status_fast_lane'

/** docs/rules/flags.md#evaluation routes under /api/feature-flags. The services hold the rules. */
@inject()
export default class FeatureFlagsController {
  constructor(private admin: FeatureFlagAdmin) {}

  /** GET /api/feature-flags (admin) */
  async index() {
    const flags = await this.admin.list()
    return { data: flags.map(serializeFeatureFlag) }
  }

  /**
   * GET /api/feature-flags/status/:name (public, lean stack): the effective value, the hottest
   * route of the site. Most requests are answered by the front lane with the same bytes
   * (status_fast_lane.ts); the route answers the rest: odd names, and whenever the cache has
   * work due (first load, a write, the version probe, the TTL).
   */
  status({ params, response }: HttpContext) {
    const name = String(params.name)
    const cached = featureFlags.peek(name)
    response.header('Cache-Control', 'no-store')
    response.header('Content-Type', 'application/json; charset=utf-8')
    if (cached !== undefined) return statusBody(name, cached)
    return featureFlags.isEnabled(name).then((isEnabled) => statusBody(name, isEnabled))
  }

  /** POST /api/feature-flags (admin) → 201 with the full flag */
  async store({ request, response, auth }: HttpContext) {
    const payload = await request.validateUsing(createFlagValidator)
    const flag = await this.admin.create(
      {
        name: payload.name,
        description: payload.description ?? null,
        isEnabled: payload.is_enabled ?? false,
        environment: payload.environment ?? null,
      },
      String(auth.user!.id)
    )
    return response.created(serializeFeatureFlag(flag))
  }

  /** PATCH /api/feature-flags/:name/toggle (admin) */
  async toggle({ params, auth }: HttpContext) {
    const result = await this.admin.toggle(String(params.name), String(auth.user!.id))
    return { name: result.name, is_enabled: result.isEnabled }
  }

  /** DELETE /api/feature-flags/:name (admin) */
  async destroy({ params, auth }: HttpContext) {
    return this.admin.delete(String(params.name), String(auth.user!.id))
  }

  /** POST /api/feature-flags/cache/refresh (admin) */
  async refresh() {
    featureFlags.invalidate()
    const ok = await featureFlags.refresh()
    if (!ok) throw ApiError.internal('Could not refresh the feature flags. Please try again.')
    return { refreshed: true }
  }

  /** GET /api/feature-flags/:name/history (admin): the audit trail of one flag. */
  async history({ params }: HttpContext) {
    const entries = await this.admin.history(String(params.name))
    return { data: entries.map(serializeFlagAudit) }
  }
}
