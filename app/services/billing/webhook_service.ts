import type Stripe from 'stripe'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { WebhookRejectedError, WebhookRetryError } from '#exceptions/billing_errors'
import BillingWebhookEvent from '#models/billing_webhook_event'
import { inject } from '@adonisjs/core'
import { StripeClient } from '#services/billing/stripe_client'
import { SubscriptionEventSync } from '#services/billing/event_sync'
import { HANDLED_EVENTS, handlerFor, type Effects } from '#services/billing/events/registry'
import { eventObjectIsWellFormed } from '#services/billing/webhook_event_shape'
import { affectedRows } from '#services/database/affected_rows'
import { unixSeconds } from '#services/billing/subscription_store'

export type WebhookOutcome = 'processed' | 'duplicate' | 'livemode_mismatch' | 'ignored'

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The event's `created` for its integer column (null when it is no unix time or past 2038). */
const createdColumn = (value: unknown) => {
  const created = unixSeconds(value)
  return created !== null && created <= 2147483647 ? created : null
}

/** Which stored events `resumeStuck` takes up again, and how many per run. */
const RESUME = { receivedMinutes: 10, days: 3, batch: 100 }

/** Signature tolerance in seconds (docs/rules/billing.md#webhook-processing: 300 s). */
export const SIGNATURE_TOLERANCE = 300
/** How far an event's `created` may lie after its signed send time before it is not believed. */
const CREATED_AFTER_SENT_SECONDS = 3600

/**
 * An event cannot be created after it was sent. A `created` more than an hour after the
 * signature's `t` (which is within 300 s of this clock) comes from a clock gone wrong; left as
 * it is, it would outrank every later event of the subscription until that time came
 * (docs/decisions/billing.md). Such an event is ordered by its send time instead.
 */
function orderedBySendTime(event: Stripe.Event, signature: string): Stripe.Event {
  const sentAt = Number(/(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature)?.[1])
  const created = unixSeconds(event.created)
  if (!Number.isFinite(sentAt) || created === null || created <= sentAt + CREATED_AFTER_SENT_SECONDS) return event
  logger.warn(
    { event_id: event.id, type: event.type, created: event.created, sent_at: sentAt },
    'billing webhook created after it was sent; ordered by its send time'
  )
  return { ...event, created: sentAt }
}

/**
 * The webhook pipeline (docs/rules/billing.md#mutations Events, docs/rules/billing.md#webhook-processing, issue
 * 24): verify the signature on the raw body, guard livemode, persist the event row first (event_id unique),
 * claim it and hand it to the module of its kind (app/services/billing/events/). The module reads what it
 * needs, then runs its effects through the claim: they and the `processed` mark commit in one transaction; on
 * an error the transaction rolls back and the row is marked `failed` in its own write.
 */
@inject()
export class BillingWebhookService {
  constructor(
    private stripe: StripeClient,
    private eventSync: SubscriptionEventSync
  ) {}

  async verify(rawBody: string | null, signature: string | undefined): Promise<Stripe.Event> {
    const client = this.stripe
    const secrets = client.webhookSecrets()
    if (!rawBody || !signature || secrets.length === 0) {
      throw new WebhookRejectedError('Invalid webhook signature')
    }
    for (const secret of secrets) {
      try {
        return client.api.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE)
      } catch {
        // try the next secret (rotation)
      }
    }
    throw new WebhookRejectedError('Invalid webhook signature')
  }

  /** The whole delivery: verify → livemode → persist → process. */
  async receive(rawBody: string | null, signature: string | undefined): Promise<WebhookOutcome> {
    const event = await this.accept(rawBody, signature)
    if (!event) return 'livemode_mismatch'
    return this.deliver(event)
  }

  /**
   * Signature check and livemode guard shared by the synchronous and the queued paths:
   * the verified event, or null when its livemode does not match (acknowledged, not stored).
   */
  async accept(rawBody: string | null, signature: string | undefined): Promise<Stripe.Event | null> {
    const event = await this.verify(rawBody, signature)
    // A signed body that is not an event (no id or type) would fail the row insert, and a handled
    // type without its object (or with lists and ids of the wrong shape) would fail every retry: 400, not 500.
    if (
      typeof event?.id !== 'string' ||
      !event.id ||
      event.id.length > 255 ||
      typeof event.type !== 'string' ||
      !event.type ||
      (HANDLED_EVENTS.has(event.type) &&
        (!isObject(event.data?.object) || !eventObjectIsWellFormed(event.data.object as Record<string, any>)))
    ) {
      throw new WebhookRejectedError('Malformed webhook event')
    }
    if (typeof event.livemode === 'boolean' && event.livemode !== app.inProduction) {
      logger.warn(
        { event_id: event.id, livemode: event.livemode },
        'BILLING_WEBHOOK_LIVEMODE_MISMATCH: event acknowledged and not stored'
      )
      return null
    }
    return orderedBySendTime(event, signature!)
  }

  /**
   * Queue worker entry (docs/decisions/billing_queue.md): loads the stored row and runs it
   * through the same `process` as the synchronous path. Throws when processing failed (the row
   * is then `failed`) so the job is retried.
   */
  async processStored(eventId: string): Promise<WebhookOutcome | 'missing'> {
    const row = await BillingWebhookEvent.findBy('event_id', eventId)
    if (!row || !row.payload) {
      logger.warn({ event_id: eventId }, 'queued billing webhook event has no stored row; skipped')
      return 'missing'
    }
    if (row.status === 'processed') return 'duplicate'
    return this.process(JSON.parse(row.payload) as Stripe.Event)
  }

  /**
   * Stored events nobody will deliver again (docs/decisions/billing_queue.md): a `received` row
   * older than RESUME.receivedMinutes (its job lost with Redis, or its instance killed mid-request:
   * Stripe got its 200 or no answer it retries on) and a `failed` row once an hour, for as long as
   * Stripe itself retries (3 days). Oldest first; the claim makes a second run of one a no-op.
   */
  async resumeStuck(now = DateTime.utc()): Promise<{ resumed: number; failed: number }> {
    const at = (time: DateTime) => time.toFormat(db.connection().dialect.dateTimeFormat)
    const rows = await BillingWebhookEvent.query()
      .where('created_at', '>=', at(now.minus({ days: RESUME.days })))
      .whereNotNull('payload')
      .where((stuck) =>
        stuck
          .where((q) =>
            q.where('status', 'received').where('created_at', '<', at(now.minus({ minutes: RESUME.receivedMinutes })))
          )
          .orWhere((q) =>
            q
              .where('status', 'failed')
              .where((t) => t.whereNull('updated_at').orWhere('updated_at', '<', at(now.minus({ hours: 1 }))))
          )
      )
      .orderBy('id')
      .limit(RESUME.batch)
    const outcome = { resumed: 0, failed: 0 }
    for (const row of rows) {
      await db
        .from('billing_webhook_events')
        .where('id', row.id)
        .update({ updated_at: at(now) })
      try {
        await this.processStored(row.eventId)
        outcome.resumed++
      } catch {
        outcome.failed++ // logged by `process`; tried again in an hour
      }
    }
    if (rows.length) logger.info(outcome, 'billing webhook events resumed')
    return outcome
  }

  /** Persist + process (also used by billing:reconcile to replay events). */
  async deliver(event: Stripe.Event): Promise<WebhookOutcome> {
    const row = await this.persist(event)
    if (row.status === 'processed') return 'duplicate'
    return this.process(event)
  }

  async persist(event: Stripe.Event) {
    const existing = await BillingWebhookEvent.findBy('event_id', event.id)
    if (existing) return existing
    const now = DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)
    await db
      .connection()
      .knexQuery()
      .table('billing_webhook_events')
      .insert({
        event_id: event.id,
        type: String(event.type).slice(0, 100),
        status: 'received',
        livemode: typeof event.livemode === 'boolean' ? event.livemode : null,
        event_created: createdColumn(event.created),
        payload: JSON.stringify(event),
        attempts: 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict('event_id')
      .ignore()
    return BillingWebhookEvent.findByOrFail('event_id', event.id)
  }

  async process(event: Stripe.Event): Promise<WebhookOutcome> {
    try {
      const handler = handlerFor(event)
      // The module reads the provider before the claim (no row lock held while Stripe answers)
      // and hands back its writes; a type no module takes is claimed with none.
      const effects: Effects = handler ? await handler.apply(event, this.eventSync) : async () => {}
      const outcome = await this.claim(event, effects)
      return outcome === 'processed' && !handler ? 'ignored' : outcome
    } catch (error) {
      logger.error({ err: error, event_id: event.id, type: event.type }, 'billing webhook processing failed')
      try {
        await db
          .from('billing_webhook_events')
          .where('event_id', event.id)
          .whereNot('status', 'processed')
          .update({ status: 'failed', last_error: String((error as Error)?.message || 'error').slice(0, 500) })
      } catch (markError) {
        logger.error({ err: markError }, 'could not mark the webhook event failed')
      }
      throw new WebhookRetryError('The event could not be processed. It will be retried.')
    }
  }

  /**
   * The claim: one transaction that takes the row (`attempts + 1 WHERE status <> 'processed'`),
   * runs the effects and marks the event processed. The UPDATE locks the row (PostgreSQL), so a
   * concurrent duplicate waits and then sees `processed`; SQLite serializes writers.
   */
  private claim(event: Stripe.Event, effects: Effects): Promise<'processed' | 'duplicate'> {
    return db.transaction(async (trx) => {
      const claimed = affectedRows(
        await trx
          .from('billing_webhook_events')
          .where('event_id', event.id)
          .whereNot('status', 'processed')
          .increment('attempts', 1)
      )
      if (!claimed) return 'duplicate' as const
      await this.handle(event, trx, effects)
      await trx
        .from('billing_webhook_events')
        .where('event_id', event.id)
        .update({
          status: 'processed',
          processed_at: DateTime.utc().toFormat(trx.dialect.dateTimeFormat),
          last_error: null,
        })
      return 'processed' as const
    })
  }

  /** Runs an event's effects inside its claimed transaction (a seam for fault tests). */
  async handle(_event: Stripe.Event, trx: QueryClientContract, effects: Effects): Promise<void> {
    await effects(trx)
  }
}
