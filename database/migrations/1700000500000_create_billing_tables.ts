import { BaseSchema } from '@adonisjs/lucid/schema'
import { createTableIfMissing, dropTablesIfExist, foreignId, timestampColumns } from '#database/schema_columns'

/**
 * Billing (docs/rules/billing.md#mutations): the plan catalog, the local subscription read model, per-cycle
 * usage, webhook event log and one-time document purchases. Guarded so it runs again safely on SQLite and
 * PostgreSQL.
 */
export default class extends BaseSchema {
  async up() {
    await createTableIfMissing(this, 'subscription_plan_prices', (table) => {
      table.increments('id')
      table.string('plan_slug', 20).notNullable()
      table.string('plan_name', 50).notNullable()
      table.string('billing_interval', 10).notNullable().defaultTo('month')
      table.string('payment_price_id', 255).nullable().unique()
      table.integer('price').notNullable().defaultTo(0)
      table.string('currency', 3).notNullable().defaultTo('usd')
      table.boolean('is_current').notNullable().defaultTo(true)
      timestampColumns(table, { nullableUpdatedAt: true })
      table.index(['plan_slug', 'billing_interval', 'is_current'])
    })
    await createTableIfMissing(this, 'user_subscriptions', (table) => {
      table.increments('id')
      foreignId(table, 'user_id', 'users').unique()
      table.string('plan_slug', 20).notNullable().defaultTo('free')
      table.string('plan_name', 50).notNullable().defaultTo('Basic')
      table.string('status', 20).notNullable().defaultTo('active')
      table.string('status_reason', 50).nullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      table.boolean('cancel_at_period_end').notNullable().defaultTo(false)
      table.integer('ai_credits_limit').notNullable().defaultTo(0)
      table.integer('price').notNullable().defaultTo(0)
      table.string('currency', 3).notNullable().defaultTo('usd')
      table.string('billing_interval', 10).notNullable().defaultTo('month')
      table.string('payment_customer_id', 255).nullable()
      table.string('payment_subscription_id', 255).nullable().index()
      table.string('payment_price_id', 255).nullable()
      table.string('payment_status', 30).nullable()
      table.timestamp('current_period_start').nullable()
      table.timestamp('current_period_end').nullable()
      table.timestamp('pause_collection_resumes_at').nullable()
      table.timestamp('payment_updated_at').nullable()
      timestampColumns(table, { nullableUpdatedAt: true })
    })
    await createTableIfMissing(this, 'subscription_usages', (table) => {
      table.increments('id')
      foreignId(table, 'user_id', 'users')
      table.string('plan_slug', 20).notNullable()
      table.string('period_key', 40).notNullable()
      table.timestamp('period_start').notNullable()
      table.timestamp('period_end').notNullable()
      table.integer('ai_credits_limit').notNullable().defaultTo(0)
      table.integer('ai_credits_used').notNullable().defaultTo(0)
      timestampColumns(table, { nullableUpdatedAt: true })
      table.unique(['user_id', 'period_key'])
    })
    await createTableIfMissing(this, 'billing_webhook_events', (table) => {
      table.increments('id')
      table.string('event_id', 255).notNullable().unique()
      table.string('type', 100).notNullable()
      table.string('status', 20).notNullable().defaultTo('received')
      table.boolean('livemode').nullable()
      table.integer('event_created').nullable()
      table.text('payload').nullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.string('last_error', 500).nullable()
      table.timestamp('processed_at').nullable()
      timestampColumns(table, { nullableUpdatedAt: true })
      table.index(['status'])
    })
    await createTableIfMissing(this, 'document_purchases', (table) => {
      table.increments('id')
      foreignId(table, 'user_id', 'users')
      foreignId(table, 'document_id', 'documents')
      table.string('payment_session_id', 255).nullable()
      table.string('payment_intent_id', 255).nullable()
      table.integer('amount').notNullable().defaultTo(0)
      table.string('currency', 3).notNullable().defaultTo('usd')
      timestampColumns(table, { nullableUpdatedAt: true })
      table.unique(['user_id', 'document_id'])
    })
  }

  async down() {
    dropTablesIfExist(this, [
      'document_purchases',
      'billing_webhook_events',
      'subscription_usages',
      'user_subscriptions',
      'subscription_plan_prices',
    ])
  }
}
