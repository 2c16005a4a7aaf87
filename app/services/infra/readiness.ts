import { setTimeout as sleep } from 'node:timers/promises'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { BaseCheck, HealthChecks, Result } from '@adonisjs/core/health'
import type { HealthCheckContract, HealthCheckResult } from '@adonisjs/core/types/health'
import { DbCheck } from '@adonisjs/lucid/database'
import { RedisCheck } from '@adonisjs/redis'
import { redisUrl } from '#config/redis'
import { storage } from '#config/drive'
import type { DiskName } from '#start/storage_disks'

/** A check that answers within `ms`: a dependency that hangs counts as down. */
class BoundedCheck extends BaseCheck {
  name: string
  constructor(
    protected inner: HealthCheckContract,
    protected ms: number
  ) {
    super()
    this.name = inner.name
  }

  async run(): Promise<HealthCheckResult> {
    const timeout = sleep(this.ms, null, { ref: false }).then(() => Result.failed(`No answer within ${this.ms} ms`))
    return Promise.race([this.inner.run(), timeout])
  }
}

/** The disk answers an existence query (a missing object is fine; an error is not). */
class DiskCheck extends BaseCheck {
  name: string
  constructor(protected disk: DiskName) {
    super()
    this.name = `Storage disk (${disk})`
  }

  async run() {
    try {
      await drive.use(this.disk as any).exists('health/probe')
      return Result.ok(`The ${this.disk} disk answers`)
    } catch (error) {
      return Result.failed(`The ${this.disk} disk does not answer`, error as Error)
    }
  }
}

const CHECK_TIMEOUT_MS = 3000

/**
 * Readiness (docs/rules/operations.md#health): the database always; Redis when REDIS_URL is set; each
 * configured storage disk. Run in parallel, each bounded so a load balancer's probe never hangs. Resolved from
 * the container, so a test can add a dependency that is really down.
 */
export class Readiness {
  async checks(): Promise<HealthCheckContract[]> {
    const checks: HealthCheckContract[] = [new DbCheck(db.connection()).as('database')]
    if (redisUrl) {
      const { default: redis } = await import('@adonisjs/redis/services/main')
      checks.push(new RedisCheck(redis.connection('main')).as('redis'))
    }
    for (const disk of storage.disks) checks.push(new DiskCheck(disk).as(`storage:${disk}`))
    return checks
  }

  async report() {
    const checks = await this.checks()
    const report = await new HealthChecks().register(checks.map((c) => new BoundedCheck(c, CHECK_TIMEOUT_MS))).run()
    const failing = report.checks.filter((c) => c.status === 'error').map((c) => c.name)
    return {
      ready: report.isHealthy,
      body: {
        status: report.isHealthy ? 'ok' : 'error',
        failing,
        checks: report.checks.map((c) => ({ name: c.name, status: c.status, message: c.message })),
      },
    }
  }
}
