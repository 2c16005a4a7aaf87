import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { Readiness } from '#services/infra/readiness'

/**
 * Health routes for load balancers (docs/rules/operations.md#health). Lean stack: no session, no CSRF.
 * - live: 200 while the process serves requests (restart the instance when it fails).
 * - ready: 200 when the database, Redis (when configured) and the storage disks answer; else
 *   503 naming the failing checks (take the instance out of rotation, do not restart it).
 */
export default class HealthController {
  async live() {
    return { status: 'ok' }
  }

  @inject()
  async ready({ response }: HttpContext, readiness: Readiness) {
    const { ready, body } = await readiness.report()
    response.header('Cache-Control', 'no-store')
    return response.status(ready ? 200 : 503).send(body)
  }
}
