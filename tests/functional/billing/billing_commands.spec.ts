import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import SubscriptionPlanPrice from '#models/subscription_plan_price'
import BillingSetPrice from '../../../commands/billing_set_price.js'
import BillingReconcile from '../../../commands/billing_reconcile.js'
import BillingSeeder from '#database/seeders/40_billing_seeder'
import DemoBillingSeeder from '#database/seeders/45_demo_billing_seeder'
import User from '#models/user'
import db from '@adonisjs/lucid/services/db'
import { PlanCatalog } from '#services/billing/plans'
import { createUser } from '#tests/support/users'
import { PRICE_PRO, seedCatalog, subscribeLocally, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { stripeEvent } from '#tests/support/billing_webhooks'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'

let stripe: StripeTestServer

test.group('Billing commands and seeder (SPEC D catalog, CONTRACT 9/12)', (group) => {
  withStripeGroup(group, (server) => (stripe = server), { seed: false })

  test('billing:set-price makes the new price current and keeps the old row', async ({ assert }) => {
    await seedCatalog()
    ace.ui.switchMode('raw')
    const command = await ace.create(BillingSetPrice, ['pro', 'price_pro_2027', '1200'])
    await command.exec()
    command.assertSucceeded()
    const planCatalog = new PlanCatalog()
    const current = await planCatalog.current('pro')
    assert.equal(current.paymentPriceId, 'price_pro_2027')
    assert.equal(current.price, 1200)
    const old = await SubscriptionPlanPrice.findByOrFail('payment_price_id', PRICE_PRO)
    assert.isFalse(old.isCurrent)
    assert.equal((await planCatalog.byPriceId(PRICE_PRO))?.planSlug, 'pro')

    const bad = await ace.create(BillingSetPrice, ['gold', 'price_x', '100'])
    await bad.exec()
    bad.assertFailed()
  })

  test('billing:set-price run again with the current price keeps it current; an older price comes back', async ({
    assert,
  }) => {
    await seedCatalog()
    ace.ui.switchMode('raw')
    const planCatalog = new PlanCatalog()
    for (const args of [
      ['pro', 'price_pro_again', '1200'],
      ['pro', 'price_pro_again', '1200'],
      ['pro', 'price_pro_again', '1300'],
    ]) {
      const command = await ace.create(BillingSetPrice, args)
      await command.exec()
      command.assertSucceeded()
      const current = await planCatalog.current('pro')
      assert.equal(current.paymentPriceId, 'price_pro_again', args.join(' '))
      assert.equal(current.price, Number(args[2]), args.join(' '))
    }
    const back = await ace.create(BillingSetPrice, ['pro', PRICE_PRO, '1000'])
    await back.exec()
    back.assertSucceeded()
    assert.equal((await planCatalog.current('pro')).paymentPriceId, PRICE_PRO)
    const currentRows = await SubscriptionPlanPrice.query().where('plan_slug', 'pro').where('is_current', true)
    assert.deepEqual(
      currentRows.map((row) => row.paymentPriceId),
      [PRICE_PRO]
    )
  })

  test('db:seed adopts STRIPE_PRICE_PRO/PLUS set after a first seed with placeholders, never over a real price', async ({
    assert,
  }) => {
    const planCatalog = new PlanCatalog()
    // A first start without the settings: placeholder ids.
    await planCatalog.ensureDefaults(undefined, { pro: 'price_pro_monthly', plus: 'price_plus_monthly' })
    assert.equal((await planCatalog.current('pro')).paymentPriceId, 'price_pro_monthly')
    // The next start has them: new checkouts use them, at the catalog's amount; the placeholder row is kept.
    await planCatalog.ensureDefaults(undefined, { pro: 'price_live_pro', plus: 'price_live_plus' })
    const pro = await planCatalog.current('pro')
    assert.equal(pro.paymentPriceId, 'price_live_pro')
    assert.equal(pro.price, 1000)
    assert.equal((await planCatalog.current('plus')).paymentPriceId, 'price_live_plus')
    assert.equal((await planCatalog.byPriceId('price_pro_monthly'))?.planSlug, 'pro')
    // A price set since (billing:set-price) is never replaced by a later seed.
    await planCatalog.setPrice('pro', 'price_set_by_operator', 1200)
    await planCatalog.ensureDefaults(undefined, { pro: 'price_live_pro', plus: 'price_live_plus' })
    assert.equal((await planCatalog.current('pro')).paymentPriceId, 'price_set_by_operator')
  })

  test('billing:set-price refuses an amount past the provider maximum and a price id of the other plan', async ({
    assert,
  }) => {
    await seedCatalog()
    ace.ui.switchMode('raw')
    for (const args of [
      ['pro', 'price_huge', '99999999999999999999'],
      ['pro', 'price_huge', '100000000'],
      ['plus', PRICE_PRO, '2000'],
    ]) {
      const command = await ace.create(BillingSetPrice, [...args, '--json'])
      await command.exec()
      command.assertFailed()
    }
    const planCatalog = new PlanCatalog()
    assert.equal((await planCatalog.current('pro')).paymentPriceId, PRICE_PRO)
    assert.equal((await planCatalog.byPriceId(PRICE_PRO))?.planSlug, 'pro')
    assert.isNull(await SubscriptionPlanPrice.findBy('payment_price_id', 'price_huge'))
    const max = await ace.create(BillingSetPrice, ['pro', 'price_max', '99999999'])
    await max.exec()
    max.assertSucceeded()
  })

  test('billing:reconcile replays undelivered events through the handler and reports drift', async ({ assert }) => {
    await seedCatalog()
    const user = await createUser()
    // Stripe moved the subscription to past_due; the undelivered event brings that state.
    const sub = stripe.addSubscription({
      customer: 'cus_rec',
      priceId: PRICE_PRO,
      status: 'past_due',
      cancelAtPeriodEnd: true,
    })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_rec' })
    stripe.events = [
      stripeEvent(
        'invoice.payment_failed',
        { id: 'in_rec', object: 'invoice', subscription: sub.id },
        { created: Math.floor(Date.now() / 1000) - 60 }
      ),
    ]
    ace.ui.switchMode('raw')
    const command = await ace.create(BillingReconcile, ['--json'])
    await command.exec()
    command.assertSucceeded()
    const eventsCall = stripe.requests.find((r) => r.path === '/v1/events')!
    assert.equal(eventsCall.query.delivery_success, 'false')
    assert.equal((await subscriptionRow(user.id)).status, 'past_due')
    const output = JSON.parse(
      ace.ui.logger
        .getLogs()
        .map((l) => l.message)
        .find((m) => m.startsWith('{'))!
    )
    assert.equal(output.events.processed, 1)
  })

  test('billing:reconcile: a cancel set by date (cancel_at ahead) matches a row shown as ending, no drift', async ({
    assert,
  }) => {
    await seedCatalog()
    const user = await createUser()
    const sub = stripe.addSubscription({ customer: 'cus_date', priceId: PRICE_PRO })
    ;(sub as any).cancel_at = Math.floor(Date.now() / 1000) + 10 * 86_400
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_date', cancelAtPeriodEnd: true })
    ace.ui.switchMode('raw')
    const command = await ace.create(BillingReconcile, ['--json'])
    await command.exec()
    command.assertSucceeded()
    const output = JSON.parse(
      ace.ui.logger
        .getLogs()
        .map((l) => l.message)
        .find((m) => m.startsWith('{'))!
    )
    assert.deepEqual(output.drift, [])
  })

  test('billing:reconcile without Stripe settings fails at once and calls no provider', async ({ assert }) => {
    swapSettings(BillingSettings, { stripeSecretKey: undefined, stripeApiUrl: undefined })
    ace.ui.switchMode('raw')
    const started = Date.now()
    const command = await ace.create(BillingReconcile, ['--json'])
    await command.exec()
    command.assertFailed()
    assert.isBelow(Date.now() - started, 2000)
    const output = JSON.parse(command.logger.getLogs().at(-1)!.message)
    assert.match(output.error, /STRIPE_SECRET_KEY/)
  })

  test('billing:reconcile refuses a day count outside 1..30 before any provider call', async ({ assert }) => {
    ace.ui.switchMode('raw')
    for (const days of ['-1', '0', '31', '1e9', '1.5']) {
      const command = await ace.create(BillingReconcile, [`--days=${days}`, '--json'])
      await command.exec()
      command.assertFailed()
      assert.match(JSON.parse(command.logger.getLogs().at(-1)!.message).error, /--days/, days)
    }
    assert.lengthOf(stripe.requests, 0)
  })

  test('billing:reconcile with the provider unreachable says so, exits 1 and writes nothing', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_unreachable', customerId: 'cus_unreachable' })
    swapSettings(BillingSettings, { stripeSecretKey: 'sk_test_x', stripeApiUrl: 'http://127.0.0.1:9' })
    ace.ui.switchMode('raw')
    const command = await ace.create(BillingReconcile, ['--fix', '--json'])
    await command.exec()
    command.assertFailed()
    const output = JSON.parse(command.logger.getLogs().at(-1)!.message)
    assert.match(output.error, /payment provider could not be reached/)
    assert.equal((await subscriptionRow(user.id)).status, 'active')
  }).timeout(30_000)

  test('billing seeders: catalog rows and demo@example.com on active pro, idempotent', async ({ assert }) => {
    const demo = await User.create({
      email: 'demo@example.com',
      password: 'demo-password',
      role: 'user',
      emailVerified: true,
    })
    for (const Seeder of [BillingSeeder, DemoBillingSeeder, BillingSeeder, DemoBillingSeeder])
      await new Seeder(db.connection()).run()
    const row = await subscriptionRow(demo.id)
    assert.equal(row.planSlug, 'pro')
    assert.equal(row.status, 'active')
    assert.lengthOf(await SubscriptionPlanPrice.query().where('plan_slug', 'pro'), 1)
    assert.lengthOf(await SubscriptionPlanPrice.query(), 3)
  })
})
