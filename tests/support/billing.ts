import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import User from '#models/user'
import UserSubscription from '#models/user_subscription'
import { PlanCatalog } from '#services/billing/plans'
import { subscriptionFor } from '#services/billing/subscription_store'
import { lockSubscription, setPlan } from '#services/billing/subscription_writer'
import { SubscriptionSync } from '#services/billing/subscription_sync'
import { BillingWebhookService } from '#services/billing/webhook_service'
import { StripeTestServer } from '#tests/support/stripe_server'
import { WEBHOOK_SECRET } from '#tests/support/billing_webhooks'
import { testServerUrl } from '#tests/support/test_run'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'

export const PRICE_PRO = 'price_pro_test'
export const PRICE_PLUS = 'price_plus_test'

export function baseUrl() {
  return testServerUrl()
}

/**
 * Starts the local Stripe server and points the app at it (BillingSettings swapped until the end of the group
 * or test that called this; tests/bootstrap.ts restores it).
 */
export async function startStripe() {
  const server = await new StripeTestServer().start()
  swapSettings(BillingSettings, {
    stripeApiUrl: server.url,
    stripeSecretKey: 'sk_test_local',
    stripeWebhookSecret: WEBHOOK_SECRET,
    checkoutSuccessUrl: 'http://127.0.0.1/settings/billing?session_id={CHECKOUT_SESSION_ID}',
  })
  return server
}

/**
 * The usual billing test group: one local Stripe server for the group (handed to `use`),
 * and per test a reset server, the test webhook secret, a rolled-back global transaction
 * and (unless `seed: false`) the catalog rows with the test price ids.
 */
export function withStripeGroup(
  group: Group,
  use: (server: StripeTestServer) => void,
  options: { seed?: boolean } = {}
) {
  let server: StripeTestServer
  group.setup(async () => {
    server = await startStripe()
    use(server)
    return () => server.stop()
  })
  group.each.setup(async () => {
    use(server)
    server.reset()
    const rollback = await testUtils.db().withGlobalTransaction()
    if (options.seed !== false) await seedCatalog()
    return rollback
  })
}

/** The billing services wired as the container wires them, for tests that call one directly. */
export async function billingServices() {
  const resolver = app.container.createResolver()
  return { sync: await resolver.make(SubscriptionSync), webhooks: await resolver.make(BillingWebhookService) }
}

/** Catalog rows with the test price ids. */
export async function seedCatalog() {
  const planCatalog = new PlanCatalog()
  await planCatalog.ensureDefaults()
  await planCatalog.setPrice('pro', PRICE_PRO, 1000)
  await planCatalog.setPrice('plus', PRICE_PLUS, 2000)
}

/** Puts a user on a paid plan with a provider subscription (local row only). */
export async function subscribeLocally(
  user: User,
  options: {
    plan?: 'pro' | 'plus'
    status?: UserSubscription['status']
    statusReason?: string | null
    subscriptionId?: string
    customerId?: string
    cancelAtPeriodEnd?: boolean
    pausedUntil?: DateTime | null
    paymentUpdatedAt?: DateTime | null
    providerReadAt?: DateTime | null
    periodEnd?: DateTime
  } = {}
) {
  const customerId = options.customerId ?? `cus_${user.id}_${Date.now()}`
  await User.query().where('id', user.id).update({ payment_customer_id: customerId })
  user.paymentCustomerId = customerId
  await db.transaction(async (trx) => {
    const row = await lockSubscription(user.id, trx)
    const plan = options.plan ?? 'pro'
    setPlan(row, plan, await new PlanCatalog().current(plan, trx))
    const periodEnd = options.periodEnd ?? DateTime.utc().plus({ days: 20 }).startOf('second')
    row.merge({
      status: options.status ?? 'active',
      statusReason: options.statusReason ?? null,
      isActive: (options.status ?? 'active') === 'active',
      cancelAtPeriodEnd: options.cancelAtPeriodEnd ?? false,
      pauseCollectionResumesAt: options.pausedUntil ?? null,
      paymentSubscriptionId: options.subscriptionId ?? `sub_${user.id}_${Date.now()}`,
      paymentCustomerId: customerId,
      currentPeriodStart: periodEnd.minus({ months: 1 }),
      currentPeriodEnd: periodEnd,
      paymentUpdatedAt: options.paymentUpdatedAt ?? null,
      providerReadAt: options.providerReadAt ?? null,
    })
    row.useTransaction(trx)
    await row.save()
  })
  return UserSubscription.findByOrFail('user_id', user.id)
}

export async function subscriptionRow(userId: number) {
  return subscriptionFor(userId)
}
