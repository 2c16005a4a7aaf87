import { test } from '@japa/runner'
import { setTimeout as sleep } from 'node:timers/promises'
import testUtils from '@adonisjs/core/services/test_utils'
import BillingWebhookEvent from '#models/billing_webhook_event'
import SubscriptionUsage from '#models/subscription_usage'
import app from '@adonisjs/core/services/app'
import { BillingWebhookService } from '#services/billing/webhook_service'
import { queuedWebhookJobs, startWebhookWorker, type WebhookWorkerHandle } from '#services/billing/webhook_queue'
import { createUser } from '#tests/support/users'
import { seedCatalog, startStripe, subscribeLocally } from '#tests/support/billing'
import { sendWebhook, stripeEvent } from '#tests/support/billing_webhooks'
import { RedisTestServer } from '#tests/support/redis_server'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { scheduledTasks } from '#services/scheduler/tasks'

/** A renewal for a locally subscribed user: its effect is one usage row for the new cycle. */
async function renewalFixture() {
  const user = await createUser()
  const subscriptionId = `sub_q_${user.id}`
  await subscribeLocally(user, { subscriptionId })
  const start = Math.floor(Date.now() / 1000) + 86400
  const event = stripeEvent('invoice.payment_succeeded', {
    id: `in_q_${user.id}`,
    object: 'invoice',
    subscription: subscriptionId,
    lines: { data: [{ period: { start, end: start + 30 * 86400 } }] },
  })
  return { user, event }
}

async function waitForStatus(eventId: string, status: string, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const row = await BillingWebhookEvent.findBy('event_id', eventId)
    if (row?.status === status) return row
    if (Date.now() > deadline) throw new Error(`event ${eventId} never became ${status} (is ${row?.status})`)
    await sleep(25)
  }
}

const usageCount = async (userId: number) => (await SubscriptionUsage.query().where('user_id', userId)).length

test.group('Billing webhooks / Redis queue mode (SPEC Events 3, CONTRACT 12 Webhook rows)', (group) => {
  let stripe: StripeTestServer
  let redis: RedisTestServer
  let worker: WebhookWorkerHandle | null = null

  group.setup(async () => {
    const cleanup = async () => {
      await stripe?.stop()
      await redis?.stop()
    }
    try {
      stripe = await startStripe()
      redis = await new RedisTestServer().start()
    } catch (error) {
      await cleanup()
      throw error
    }
    return cleanup
  })

  group.each.setup(async () => {
    stripe.reset()
    await redis.flush()
    const restoreSettings = swapSettings(BillingSettings, { queueRedisUrl: redis.url })
    const rollback = await testUtils.db().withGlobalTransaction()
    await seedCatalog()
    return async () => {
      await worker?.stop()
      worker = null
      app.container.restore(BillingWebhookService)
      restoreSettings()
      await rollback()
    }
  })

  test('a delivery is stored as received, answered 200 queued, processed once', async ({ assert }) => {
    const { user, event } = await renewalFixture()
    const usageBefore = await usageCount(user.id)

    const response = await sendWebhook(event)
    assert.equal(response.status, 200)
    assert.deepEqual(response.body, { received: true, outcome: 'queued' })
    const stored = await BillingWebhookEvent.findByOrFail('event_id', event.id)
    assert.equal(stored.status, 'received')
    assert.equal(stored.attempts, 0)
    assert.equal(await usageCount(user.id), usageBefore, 'nothing applied inside the request')
    assert.equal(await queuedWebhookJobs(), 1)

    worker = await startWebhookWorker({ idleDelay: '20ms' })
    const processed = await waitForStatus(event.id, 'processed')
    assert.equal(processed.attempts, 1)
    assert.isNotNull(processed.processedAt)
    assert.equal(await usageCount(user.id), usageBefore + 1)
    assert.equal(await queuedWebhookJobs(), 0)
  }).timeout(30000)

  test('SPEC Events 1: replays neither enqueue twice nor apply twice', async ({ assert }) => {
    const { user, event } = await renewalFixture()
    const usageBefore = await usageCount(user.id)
    let handled = 0
    class Counting extends BillingWebhookService {
      async handle(...args: Parameters<BillingWebhookService['handle']>) {
        handled++
        return super.handle(...args)
      }
    }
    app.container.swap(BillingWebhookService, (resolver) => resolver.make(Counting))

    const first = await sendWebhook(event)
    const replays = [await sendWebhook(event), await sendWebhook(event)]
    assert.equal(first.body.outcome, 'queued')
    assert.deepEqual(
      replays.map((r) => [r.status, r.body.outcome]),
      [
        [200, 'duplicate'],
        [200, 'duplicate'],
      ]
    )
    assert.equal(await queuedWebhookJobs(), 1, 'one job for the event')
    assert.lengthOf(await BillingWebhookEvent.query().where('event_id', event.id), 1)

    worker = await startWebhookWorker({ idleDelay: '20ms' })
    await waitForStatus(event.id, 'processed')
    await sleep(200)
    const late = await sendWebhook(event)
    assert.deepEqual([late.status, late.body.outcome], [200, 'duplicate'])
    await sleep(200)
    assert.equal(await queuedWebhookJobs(), 0, 'a processed event is not queued again')
    assert.equal(handled, 1, 'the handler ran exactly once')
    assert.equal((await BillingWebhookEvent.findByOrFail('event_id', event.id)).attempts, 1)
    assert.equal(await usageCount(user.id), usageBefore + 1)
  }).timeout(30000)

  test('CONTRACT 12: a failing handler marks the row failed and the job retry processes it', async ({ assert }) => {
    const { user, event } = await renewalFixture()
    const usageBefore = await usageCount(user.id)
    let failures = 1
    let calls = 0
    class FailingOnce extends BillingWebhookService {
      async handle(...args: Parameters<BillingWebhookService['handle']>) {
        calls++
        // Apply the effects, then fail: the transaction must roll them back.
        const result = await super.handle(...args)
        if (failures-- > 0) throw new Error('simulated handler failure')
        return result
      }
    }
    app.container.swap(BillingWebhookService, (resolver) => resolver.make(FailingOnce))

    assert.equal((await sendWebhook(event)).body.outcome, 'queued')
    worker = await startWebhookWorker({ idleDelay: '20ms' })
    const failed = await waitForStatus(event.id, 'failed')
    assert.equal(failed.lastError, 'simulated handler failure')
    assert.equal(await usageCount(user.id), usageBefore, 'the failed attempt left no effect')

    const processed = await waitForStatus(event.id, 'processed')
    assert.equal(calls, 2, 'the job was retried once')
    assert.isNull(processed.lastError)
    assert.equal(await usageCount(user.id), usageBefore + 1)
  }).timeout(30000)

  test('queue mode: livemode mismatch and bad signatures queue nothing', async ({ assert }) => {
    const live = stripeEvent('customer.subscription.updated', { id: 'sub_live' }, { livemode: true })
    const mismatch = await sendWebhook(live)
    assert.deepEqual([mismatch.status, mismatch.body.outcome], [200, 'livemode_mismatch'])
    const tampered = await sendWebhook(stripeEvent('some.unknown.type', {}), { tamper: true })
    assert.equal(tampered.status, 400)
    assert.equal(await queuedWebhookJobs(), 0)
    assert.lengthOf(await BillingWebhookEvent.query().where('event_id', live.id), 0)
  })

  test('an unknown event type is queued and then marked processed (200 ignored path)', async ({ assert }) => {
    const event = stripeEvent('some.unknown.type', {})
    assert.equal((await sendWebhook(event)).body.outcome, 'queued')
    worker = await startWebhookWorker({ idleDelay: '20ms' })
    assert.equal((await waitForStatus(event.id, 'processed')).attempts, 1)
  }).timeout(30000)

  test('without QUEUE_REDIS_URL the same delivery is processed synchronously (SPEC Events 3)', async ({ assert }) => {
    swapSettings(BillingSettings, { queueRedisUrl: null })
    const { user, event } = await renewalFixture()
    const usageBefore = await usageCount(user.id)
    const response = await sendWebhook(event)
    assert.deepEqual([response.status, response.body.outcome], [200, 'processed'])
    assert.equal((await BillingWebhookEvent.findByOrFail('event_id', event.id)).status, 'processed')
    assert.equal(await usageCount(user.id), usageBefore + 1)
  })

  test('Redis unreachable: a safe 500; the row stays received for the retry', async ({ assert }) => {
    swapSettings(BillingSettings, { queueRedisUrl: 'redis://127.0.0.1:1' })
    const event = stripeEvent('some.unknown.type', {})
    const response = await sendWebhook(event)
    assert.equal(response.status, 500)
    assert.equal(response.body.code, 'INTERNAL_SERVER_ERROR')
    assert.notInclude(JSON.stringify(response.body), 'ECONNREFUSED')
    assert.equal((await BillingWebhookEvent.findByOrFail('event_id', event.id)).status, 'received')

    // The provider's retry once Redis is back queues it and the worker processes it.
    swapSettings(BillingSettings, { queueRedisUrl: redis.url })
    assert.equal((await sendWebhook(event)).body.outcome, 'queued')
    worker = await startWebhookWorker({ idleDelay: '20ms' })
    await waitForStatus(event.id, 'processed')
  }).timeout(30000)
  test('a queued event whose job was lost (Redis restarted) is processed by billing:resume-webhooks', async ({
    assert,
  }) => {
    const { user, event } = await renewalFixture()
    const usageBefore = await usageCount(user.id)
    assert.equal((await sendWebhook(event)).body.outcome, 'queued')
    await redis.flush()
    const task = scheduledTasks.find((t) => t.name === 'billing:resume-webhooks')!
    assert.equal(task.schedule(), '*/10 * * * *')
    // A job may still be on its way for 10 minutes: nothing is taken up before.
    assert.deepEqual(await task.run(), { resumed: 0, failed: 0 })
    await age(event.id, { created: { minutes: 11 } })
    assert.deepEqual(await task.run(), { resumed: 1, failed: 0 })
    assert.equal((await BillingWebhookEvent.findByOrFail('event_id', event.id)).status, 'processed')
    assert.equal(await usageCount(user.id), usageBefore + 1)
    assert.deepEqual(await task.run(), { resumed: 0, failed: 0 })
  })

  test('a failed event is tried again hourly, for as long as Stripe retries (3 days)', async ({ assert }) => {
    const service = await app.container.make(BillingWebhookService)
    const fixtures = [await renewalFixture(), await renewalFixture(), await renewalFixture()]
    for (const { event } of fixtures) await service.persist(event)
    const [due, recent, expired] = fixtures.map((f) => f.event.id)
    await age(due, { created: { hours: 5 }, updated: { hours: 2 }, status: 'failed' })
    await age(recent, { created: { hours: 5 }, updated: { minutes: 30 }, status: 'failed' })
    await age(expired, { created: { days: 4 }, updated: { hours: 2 }, status: 'failed' })
    assert.deepEqual(await service.resumeStuck(), { resumed: 1, failed: 0 })
    const status = async (id: string) => (await BillingWebhookEvent.findByOrFail('event_id', id)).status
    assert.deepEqual(
      [await status(due), await status(recent), await status(expired)],
      ['processed', 'failed', 'failed']
    )
  })
})

/** Moves a stored event back in time (and sets its status). */
async function age(
  eventId: string,
  options: { created: Record<string, number>; updated?: Record<string, number>; status?: string }
) {
  const at = (ago: Record<string, number>) => DateTime.utc().minus(ago).toFormat(db.connection().dialect.dateTimeFormat)
  await db
    .from('billing_webhook_events')
    .where('event_id', eventId)
    .update({
      created_at: at(options.created),
      updated_at: at(options.updated ?? options.created),
      ...(options.status ? { status: options.status } : {}),
    })
}
