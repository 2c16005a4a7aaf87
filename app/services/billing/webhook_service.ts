import type Stripe from 'stripe'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { ApiError } from '#exceptions/api_error'
import BillingWebhookEvent from '#models/billing_webhook_event'
import DocumentPurchase from '#models/document_purchase'
import Document from '#models/document'
import User from '#models/user'
import UserSubscription from '#models/user_subscription'
import { parseRowId } from '#validators/request_input'
import { stripeClient } from '#services/billing/stripe_client'
import { isPlanSlug } from '#services/billing/plans'
import {
  applySubscriptionObject,
  currentCycle,
  ensureUsageRow,
  fromUnix,
  lockSubscription,
  setPlan,
} from '#services/billing/subscription_store'

export type WebhookOutcome = 'processed' | 'duplicate' | 'livemode_mismatch' | 'ignored'

/** Signature tolerance in seconds (CONTRACT: 300 s). */
export const SIGNATURE_TOLERANCE = 300

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
])

export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  ...SUBSCRIPTION_EVENTS,
])

function affected(result: unknown): number {
  if (Array.isArray(result)) return affected(result[0])
  if (typeof result === 'number') return result
  if (result && typeof result === 'object' && 'rowCount' in (result as any)) return Number((result as any).rowCount)
  return Number(result) || 0
}

const idOf = (value: any): string | null => (typeof value === 'string' ? value : value?.id ? String(value.id) : null)

/**
 * Provider webhooks (SPEC D Events, CONTRACT 12): verify the signature on the raw body,
 * guard livemode, persist the event row first (event_id unique), then process it
 * synchronously: the effects and the `processed` mark commit in one transaction; on an error
 * the transaction rolls back and the row is marked `failed` in its own write.
 */
export class BillingWebhookService {
  async verify(rawBody: string | null, signature: string | undefined): Promise<Stripe.Event> {
    const client = await stripeClient()
    const secrets = client.webhookSecrets()
    if (!rawBody || !signature || secrets.length === 0) {
      throw ApiError.badRequest('Invalid webhook signature')
    }
    for (const secret of secrets) {
      try {
        return client.api.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE)
      } catch {
        // try the next secret (rotation)
      }
    }
    throw ApiError.badRequest('Invalid webhook signature')
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
    // A signed body that is not an event (no id or type) would fail the row insert: 400, not 500.
    if (typeof event?.id !== 'string' || !event.id || event.id.length > 255 || typeof event.type !== 'string' || !event.type) {
      throw ApiError.badRequest('Malformed webhook event')
    }
    if (typeof (event as any).livemode === 'boolean' && (event as any).livemode !== app.inProduction) {
      logger.warn({ event_id: event.id, livemode: (event as any).livemode }, 'BILLING_WEBHOOK_LIVEMODE_MISMATCH: event acknowledged and not stored')
      return null
    }
    return event
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
        livemode: typeof (event as any).livemode === 'boolean' ? (event as any).livemode : null,
        event_created: Number(event.created) || null,
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
      // Any call to Stripe happens here, before the transaction takes its row locks.
      const fresh = await this.tieBreaker(event)
      return await db.transaction(async (trx) => {
        // Claim: the UPDATE locks the row (PostgreSQL) so a concurrent duplicate waits and then
        // sees `processed`; SQLite serializes writers.
        const claimed = affected(
          await trx
            .from('billing_webhook_events')
            .where('event_id', event.id)
            .whereNot('status', 'processed')
            .increment('attempts', 1)
        )
        if (!claimed) return 'duplicate' as const
        const handled = await this.handle(event, trx, fresh)
        await trx
          .from('billing_webhook_events')
          .where('event_id', event.id)
          .update({ status: 'processed', processed_at: DateTime.utc().toFormat(trx.dialect.dateTimeFormat), last_error: null })
        return handled ? ('processed' as const) : ('ignored' as const)
      })
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
      throw ApiError.internal('The event could not be processed. It will be retried.')
    }
  }

  /**
   * A subscription event stamped in the same second as the state already applied cannot be
   * ordered by its timestamp (CONTRACT 12): the subscription is read back from Stripe, outside
   * any transaction. Null when there is no tie, or when Stripe cannot answer (the event object
   * is applied then).
   */
  private async tieBreaker(event: Stripe.Event): Promise<Stripe.Subscription | null> {
    if (!SUBSCRIPTION_EVENTS.has(event.type)) return null
    const object: any = (event as any).data?.object ?? {}
    const subscriptionId = idOf(object)
    if (!subscriptionId) return null
    const userId = await this.resolveUserId(db.connection(), {
      subscriptionId,
      userId: object.metadata?.user_id,
      customerId: idOf(object.customer),
    })
    if (!userId) return null
    const row = await UserSubscription.query().where('user_id', userId).first()
    const created = Number(event.created) || Math.floor(Date.now() / 1000)
    if (!row?.paymentUpdatedAt || Math.floor(row.paymentUpdatedAt.toSeconds()) !== created) return null
    try {
      return await (await stripeClient()).api.subscriptions.retrieve(subscriptionId)
    } catch (error) {
      logger.warn({ err: error, subscriptionId }, 'tie re-fetch failed; applying the event object')
      return null
    }
  }

  /**
   * Runs the handler of one event type; false when the type is not handled. `fresh`: the
   * subscription as Stripe holds it now, for a same-second tie (see tieBreaker).
   */
  async handle(event: Stripe.Event, trx: QueryClientContract, fresh: Stripe.Subscription | null = null): Promise<boolean> {
    const object: any = (event as any).data?.object ?? {}
    const created = Number(event.created) || Math.floor(Date.now() / 1000)
    switch (event.type) {
      case 'checkout.session.completed':
        await this.checkoutCompleted(object, created, trx)
        return true
      case 'invoice.payment_succeeded':
        await this.invoiceEvent(object, created, 'succeeded', trx)
        return true
      case 'invoice.payment_failed':
        await this.invoiceEvent(object, created, 'payment_failed', trx)
        return true
      case 'invoice.payment_action_required':
        await this.invoiceEvent(object, created, 'payment_action_required', trx)
        return true
      default:
        if (SUBSCRIPTION_EVENTS.has(event.type)) {
          await this.subscriptionEvent(event.type, object, created, trx, fresh)
          return true
        }
        return false
    }
  }

  private async resolveUserId(
    trx: QueryClientContract,
    refs: { subscriptionId?: string | null; userId?: unknown; customerId?: string | null }
  ): Promise<number | null> {
    if (refs.subscriptionId) {
      const row = await UserSubscription.query({ client: trx }).where('payment_subscription_id', refs.subscriptionId).first()
      if (row) return row.userId
    }
    // A metadata id the id column cannot hold finds nobody (PostgreSQL would fail the query).
    const metadataId = parseRowId(refs.userId)
    if (metadataId) {
      const user = await User.query({ client: trx }).where('id', metadataId).first()
      if (user) return user.id
    }
    if (refs.customerId) {
      const user = await User.query({ client: trx }).where('payment_customer_id', refs.customerId).first()
      if (user) return user.id
      const row = await UserSubscription.query({ client: trx }).where('payment_customer_id', refs.customerId).first()
      if (row) return row.userId
    }
    return null
  }

  private async checkoutCompleted(session: any, created: number, trx: QueryClientContract) {
    const paid = !session.payment_status || ['paid', 'no_payment_required'].includes(session.payment_status)
    if (session.mode === 'payment') {
      if (paid && session.metadata?.kind === 'document_purchase') await this.recordPurchase(session, trx)
      return
    }
    if (session.mode && session.mode !== 'subscription') return
    if (!paid) return
    const subscriptionId = idOf(session.subscription)
    const customerId = idOf(session.customer)
    const userId = await this.resolveUserId(trx, {
      userId: session.client_reference_id ?? session.metadata?.user_id,
      subscriptionId,
      customerId,
    })
    if (!userId) {
      logger.warn({ session: session.id }, 'checkout.session.completed for an unknown user; ignored')
      return
    }
    const row = await lockSubscription(userId, trx)
    row.status = 'active'
    row.isActive = true
    row.statusReason = null
    row.cancelAtPeriodEnd = false
    row.pauseCollectionResumesAt = null
    row.paymentStatus = 'active'
    if (subscriptionId) row.paymentSubscriptionId = subscriptionId
    if (customerId) row.paymentCustomerId = customerId
    const slug = session.metadata?.plan_slug
    if (isPlanSlug(slug) && slug !== 'free') await setPlan(row, slug, trx)
    if (session.subscription && typeof session.subscription === 'object') {
      await applySubscriptionObject(row, session.subscription, trx)
    } else if (!isPlanSlug(slug) && subscriptionId) {
      try {
        const sub = await (await stripeClient()).api.subscriptions.retrieve(subscriptionId)
        await applySubscriptionObject(row, sub, trx)
      } catch (error) {
        logger.warn({ err: error }, 'could not fetch the subscription of a completed checkout')
        if (row.planSlug === 'free') await setPlan(row, 'pro', trx)
      }
    }
    const start = fromUnix(created)!
    if (!row.currentPeriodEnd || row.currentPeriodEnd <= start) {
      row.currentPeriodStart = start
      row.currentPeriodEnd = start.plus({ months: 1 })
    }
    row.useTransaction(trx as any)
    await row.save()
    if (customerId) {
      await User.query({ client: trx }).where('id', userId).whereNull('payment_customer_id').update({ payment_customer_id: customerId })
    }
    if (row.planSlug !== 'free') await ensureUsageRow(userId, row.planSlug, currentCycle(row), trx)
  }

  private async recordPurchase(session: any, trx: QueryClientContract) {
    const userId = parseRowId(session.metadata?.user_id ?? session.client_reference_id)
    const documentId = parseRowId(session.metadata?.document_id)
    if (!userId || !documentId) return
    const existing = await DocumentPurchase.query({ client: trx }).where('user_id', userId).where('document_id', documentId).first()
    if (existing) return
    const [user, document] = await Promise.all([
      User.query({ client: trx }).where('id', userId).first(),
      Document.query({ client: trx }).where('id', documentId).first(),
    ])
    if (!user || !document) {
      logger.warn({ session: session.id }, 'document purchase for an unknown user or document; ignored')
      return
    }
    await DocumentPurchase.create(
      {
        userId,
        documentId,
        paymentSessionId: session.id ?? null,
        paymentIntentId: idOf(session.payment_intent),
        amount: Number(session.amount_total ?? document.price ?? 0),
        currency: String(session.currency || document.currency || 'usd').toLowerCase(),
      },
      { client: trx }
    )
  }

  private invoiceSubscriptionId(invoice: any): string | null {
    return (
      idOf(invoice.subscription) ||
      idOf(invoice.parent?.subscription_details?.subscription) ||
      idOf(invoice.lines?.data?.[0]?.subscription) ||
      idOf(invoice.lines?.data?.[0]?.parent?.subscription_item_details?.subscription) ||
      null
    )
  }

  private async invoiceEvent(
    invoice: any,
    created: number,
    kind: 'succeeded' | 'payment_failed' | 'payment_action_required',
    trx: QueryClientContract
  ) {
    const subscriptionId = this.invoiceSubscriptionId(invoice)
    if (!subscriptionId) return // not a subscription invoice
    const userId = await this.resolveUserId(trx, {
      subscriptionId,
      userId: invoice.parent?.subscription_details?.metadata?.user_id ?? invoice.subscription_details?.metadata?.user_id ?? invoice.metadata?.user_id,
      customerId: idOf(invoice.customer),
    })
    if (!userId) return
    const row = await lockSubscription(userId, trx)
    if (row.paymentSubscriptionId && row.paymentSubscriptionId !== subscriptionId && row.status === 'active') return
    const stale = row.paymentUpdatedAt ? Math.floor(row.paymentUpdatedAt.toSeconds()) > created : false
    row.useTransaction(trx as any)
    if (kind === 'succeeded') {
      const line = (invoice.lines?.data || []).find((l: any) => l?.period?.end) as any
      const start = fromUnix(line?.period?.start)
      const end = fromUnix(line?.period?.end)
      if (!stale) {
        row.paymentSubscriptionId ||= subscriptionId
        if (row.status !== 'canceled' && row.status !== 'expired') {
          row.status = 'active'
          row.isActive = true
          row.statusReason = null
        }
        if (start && end && (!row.currentPeriodEnd || end >= row.currentPeriodEnd)) {
          row.currentPeriodStart = start
          row.currentPeriodEnd = end
        }
        await row.save()
      }
      // SPEC D: the usage row of the new period is initialized on renewal.
      if (row.planSlug !== 'free') {
        const cycleRow = start && end ? { currentPeriodStart: start, currentPeriodEnd: end, createdAt: row.createdAt } : row
        const cycle = currentCycle(cycleRow, start && end ? start : undefined)
        await ensureUsageRow(userId, row.planSlug, cycle, trx)
      }
      return
    }
    if (stale) return
    if (row.status !== 'active' && row.status !== 'past_due') return
    row.paymentSubscriptionId ||= subscriptionId
    row.status = 'past_due'
    row.isActive = false
    row.statusReason = kind
    await row.save()
  }

  private async subscriptionEvent(
    type: string,
    object: any,
    created: number,
    trx: QueryClientContract,
    fresh: Stripe.Subscription | null
  ) {
    let sub = object
    const subscriptionId = idOf(sub)
    const userId = await this.resolveUserId(trx, {
      subscriptionId,
      userId: sub.metadata?.user_id,
      customerId: idOf(sub.customer),
    })
    if (!userId) return
    const row = await lockSubscription(userId, trx)
    // Events of an older subscription never touch the one the user now holds.
    if (row.paymentSubscriptionId && subscriptionId && row.paymentSubscriptionId !== subscriptionId && row.status === 'active') return
    // SPEC D: trial_will_end is a no-op for already active subscriptions.
    if (type === 'customer.subscription.trial_will_end' && row.status === 'active' && row.paymentSubscriptionId) return
    if (row.paymentUpdatedAt) {
      const local = Math.floor(row.paymentUpdatedAt.toSeconds())
      if (local > created) return // newer state already applied (CONTRACT 12 ordering)
      if (local === created && fresh && idOf(fresh) === subscriptionId) sub = fresh
    }
    await applySubscriptionObject(row, sub, trx, created)
    if (type === 'customer.subscription.deleted') {
      // Decision (docs/decisions/billing.md): canceled, is_active false, plan access ends.
      row.status = 'canceled'
      row.isActive = false
      row.cancelAtPeriodEnd = false
      row.pauseCollectionResumesAt = null
    }
    if (type === 'customer.subscription.resumed' && !sub?.pause_collection) row.pauseCollectionResumesAt = null
    row.useTransaction(trx as any)
    await row.save()
  }
}

export const billingWebhooks = new BillingWebhookService()
