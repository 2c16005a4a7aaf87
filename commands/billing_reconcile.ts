import { inject } from '@adonisjs/core'
import { flags } from '@adonisjs/core/ace'
import { ReconcileService } from '#services/billing/reconcile_service'
import { DomainError } from '#exceptions/domain_error'
import { JsonCommand } from './_json_command.js'

/**
 * `node ace billing:reconcile [--days=3] [--fix] [--json]`: replays the provider's undelivered
 * events of the last days through the webhook handler, then compares every active local
 * subscription with the provider and prints the drift (`--fix` applies the provider state).
 */
export default class BillingReconcile extends JsonCommand {
  static commandName = 'billing:reconcile'
  static description = 'Replay undelivered provider events and report subscription drift'

  @flags.number({ description: 'How many days of events to look at', default: 3 })
  declare days: number

  @flags.boolean({ description: 'Apply the provider state where it drifted' })
  declare fix: boolean

  @inject()
  async run(reconcile: ReconcileService) {
    // The provider keeps events for 30 days.
    if (!Number.isInteger(this.days) || this.days < 1 || this.days > 30) {
      return this.fail('--days must be a whole number from 1 to 30')
    }
    try {
      const report = await reconcile.run({ days: this.days, fix: this.fix })
      if (this.json) {
        this.logger.log(JSON.stringify(report))
        return
      }
      const e = report.events
      this.logger.info(
        `Events: ${e.listed} undelivered listed, ${e.replayed} replayed (${e.processed} processed, ${e.duplicate} already processed, ${e.failed} failed), ${e.skipped} skipped`
      )
      this.logger.info(`Subscriptions checked: ${report.checked}`)
      if (!report.drift.length) this.logger.success('No drift between local subscriptions and the provider')
      for (const d of report.drift) {
        this.logger.warning(
          `drift user ${d.user_id} ${d.subscription_id}: ${d.field} local=${d.local} provider=${d.provider}`
        )
      }
      if (this.fix) this.logger.info(`Fixed: ${report.fixed}`)
      if (e.failed) this.exitCode = 1
    } catch (error) {
      // Each replayed event and each fix commits on its own: what ran before the failure stays applied.
      if (error instanceof DomainError) return this.fail(error.message)
      const type = (error as { type?: unknown } | null)?.type
      if (type === 'StripeConnectionError') {
        return this.fail('Reconciliation stopped: the payment provider could not be reached')
      }
      if (typeof type === 'string' && type.startsWith('Stripe')) {
        return this.fail(`Reconciliation stopped: the payment provider refused a request (${type})`)
      }
      this.fail('Reconciliation stopped: the database could not be reached')
    }
  }
}
