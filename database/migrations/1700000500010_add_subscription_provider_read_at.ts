import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 24: two ordering stamps on one clock each (docs/decisions/billing_sync.md).
 * `provider_read_at` (this server's clock) is the second the applied provider state was read;
 * `payment_updated_at` becomes Stripe's clock only: the `created` of the newest event the row
 * is known to include (docs/rules/billing.md#mutations). Until now `payment_updated_at` held read stamps of
 * this server's clock: they move to `provider_read_at`, and the Stripe stamp starts empty.
 */
export default class extends BaseSchema {
  async up() {
    if (await this.schema.hasColumn('user_subscriptions', 'provider_read_at')) return
    this.schema.alterTable('user_subscriptions', (table) => {
      table.timestamp('provider_read_at').nullable()
    })
    this.defer(async (db) => {
      await db.from('user_subscriptions').update({ provider_read_at: db.raw('payment_updated_at') })
      await db.from('user_subscriptions').update({ payment_updated_at: null })
    })
  }

  async down() {
    this.schema.alterTable('user_subscriptions', (table) => {
      table.dropColumn('provider_read_at')
    })
  }
}
