import type Stripe from 'stripe'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import DocumentPurchase from '#models/document_purchase'
import Document from '#models/document'
import User from '#models/user'
import UserSubscription from '#models/user_subscription'
import { parseRowId } from '#validators/request_input'
import { isPlanSlug } from '#services/billing/plans'
import { currentCycle, ensureUsageRow, fromUnix, lockSubscription } from '#services/billing/subscription_store'
import { applySnapshot, idOf, readSnapshot, UnknownPriceError, type Snapshot } from '#services/billing/subscription_sync'
import { stripeClient } from '#services/billing/stripe_client'

export const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
])

const INVOICE_KINDS: Record<string, 'succeeded' | 'payment_failed' | 'payment_action_required'> = {
  'invoice.payment_succeeded': 'succeeded',
  'invoice.payment_failed': 'payment_failed',
  'invoice.payment_action_required': 'payment_action_required',
}

export const HANDLED_EVENTS = new Set(['checkout.session.completed', ...Object.keys(INVOICE_KINDS), ...SUBSCRIPTION_EVENTS])

/** What an event says about whose subscription it is. */
type Refs = { subscriptionId: string | null; customerId: string | null; userId: unknown }

/**
 * Prepared outside the event's transaction: the user, and the provider snapshot read for this
 * event (or the event's own object when the provider cannot be read or knows no subscription).
 */
export type Prepared = { userId: number | null; snapshot: Snapshot | null }

function invoiceSubscriptionId(invoice: any): string | null {
  return (
    idOf(invoice.subscription) ||
    idOf(invoice.parent?.subscription_details?.subscription) ||
    idOf(invoice.lines?.data?.[0]?.subscription) ||
    idOf(invoice.lines?.data?.[0]?.parent?.subscription_item_details?.subscription) ||
    null
  )
}

/** The subscription references of an event that changes a subscription row; null for others. */
export function subscriptionRefs(event: Stripe.Event): Refs | null {
  const object: any = (event as any).data?.object ?? {}
  if (event.type === 'checkout.session.completed') {
    if (object.mode && object.mode !== 'subscription') return null
    const paid = !object.payment_status || ['paid', 'no_payment_required'].includes(object.payment_status)
    if (!paid) return null
    return { subscriptionId: idOf(object.subscription), customerId: idOf(object.customer), userId: object.client_reference_id ?? object.metadata?.user_id }
  }
  if (INVOICE_KINDS[event.type]) {
    const subscriptionId = invoiceSubscriptionId(object)
    if (!subscriptionId) return null
    const userId = object.parent?.subscription_details?.metadata?.user_id ?? object.subscription_details?.metadata?.user_id ?? object.metadata?.user_id
    return { subscriptionId, customerId: idOf(object.customer), userId }
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    return { subscriptionId: idOf(object), customerId: idOf(object.customer), userId: object.metadata?.user_id }
  }
  return null
}

export async function resolveUserId(client: QueryClientContract, refs: Refs): Promise<number | null> {
  if (refs.subscriptionId) {
    const row = await UserSubscription.query({ client }).where('payment_subscription_id', refs.subscriptionId).first()
    if (row) return row.userId
  }
  // A metadata id the id column cannot hold finds nobody (PostgreSQL would fail the query).
  const metadataId = parseRowId(refs.userId)
  if (metadataId) {
    const user = await User.query({ client }).where('id', metadataId).first()
    if (user) return user.id
  }
  if (refs.customerId) {
    const user = await User.query({ client }).where('payment_customer_id', refs.customerId).first()
    if (user) return user.id
    const row = await UserSubscription.query({ client }).where('payment_customer_id', refs.customerId).first()
    if (row) return row.userId
  }
  return null
}

/**
 * The snapshot an event stands for when the provider knows no such subscription: the event's
 * own object (subscription events), or what the event type implies (invoice, checkout).
 */
function payloadSnapshot(event: Stripe.Event, refs: Refs): Snapshot {
  const object: any = (event as any).data?.object ?? {}
  const created = Number(event.created) || null
  const kind = INVOICE_KINDS[event.type]
  let sub: any
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    sub = object
  } else if (kind) {
    const line = (object.lines?.data || []).find((l: any) => l?.period?.end)
    const period = kind === 'succeeded' && line ? { current_period_start: line.period.start, current_period_end: line.period.end } : {}
    sub = { id: refs.subscriptionId, status: kind === 'succeeded' ? 'active' : 'past_due', items: { data: [period] } }
  } else {
    // Checkout of a subscription the provider cannot show: the plan asked for, never a guess.
    if (!isPlanSlug(object.metadata?.plan_slug) || object.metadata.plan_slug === 'free') {
      throw new UnknownPriceError(`checkout ${object.id} has no readable subscription and no plan_slug`)
    }
    sub = {
      id: refs.subscriptionId,
      customer: refs.customerId,
      status: 'active',
      cancel_at_period_end: false,
      pause_collection: null,
      metadata: { plan_slug: object.metadata.plan_slug },
      // Stripe's clock for Stripe's fields: the period starts when the event says it did.
      current_period_start: created,
      current_period_end: created ? Math.floor(fromUnix(created)!.plus({ months: 1 }).toSeconds()) : null,
    }
  }
  const reasonHint = kind && kind !== 'succeeded' ? kind : null
  return { sub, created, source: 'event', reasonHint }
}

/**
 * Reads what the provider holds now for the subscription an event names. The event's age does
 * not decide whether to read (issue 24): its `created` is Stripe's clock and is compared only
 * with Stripe's `created`, for the payload fallback.
 */
export async function prepare(event: Stripe.Event): Promise<Prepared> {
  const refs = subscriptionRefs(event)
  if (!refs) return { userId: null, snapshot: null }
  const client = db.connection()
  const userId = await resolveUserId(client, refs)
  if (!userId) return { userId: null, snapshot: null }
  const row = await UserSubscription.query({ client }).where('user_id', userId).first()
  const user = await User.query({ client }).where('id', userId).first()
  const customerId = refs.customerId ?? user?.paymentCustomerId ?? row?.paymentCustomerId ?? null
  const kind = INVOICE_KINDS[event.type]
  const read = await readProvider(event, { customerId, subscriptionId: refs.subscriptionId })
  if (read?.sub) return { userId, snapshot: { ...read, created: Number(event.created) || null, reasonHint: kind && kind !== 'succeeded' ? kind : null } }
  return { userId, snapshot: payloadSnapshot(event, refs) }
}

/**
 * What the provider holds now, or null when it cannot be asked: no Stripe key or API address is
 * configured, or the read failed after the SDK's retries. The event's own signed object then
 * applies under the CONTRACT 12 ordering rule; the next event that can read settles the rest.
 */
async function readProvider(event: Stripe.Event, refs: { customerId: string | null; subscriptionId: string | null }) {
  if (!(await stripeClient()).configured) return null
  try {
    return await readSnapshot(refs)
  } catch (error) {
    logger.warn({ err: error, event_id: event.id, type: event.type }, 'could not read the subscription from the provider; applying the event object')
    return null
  }
}

/** Runs the effects of one event inside its transaction; false when the type is not handled. */
export async function handleEvent(event: Stripe.Event, trx: QueryClientContract, prepared: Prepared): Promise<boolean> {
  const object: any = (event as any).data?.object ?? {}
  if (!HANDLED_EVENTS.has(event.type)) return false
  if (event.type === 'checkout.session.completed' && object.mode === 'payment') {
    const paid = !object.payment_status || ['paid', 'no_payment_required'].includes(object.payment_status)
    if (paid && object.metadata?.kind === 'document_purchase') await recordPurchase(object, trx)
    return true
  }
  const { userId, snapshot } = prepared
  if (!userId) {
    if (subscriptionRefs(event)) logger.info({ event_id: event.id, type: event.type }, 'billing event for an unknown customer or subscription; stored, no row changed')
    return true
  }
  const row = await lockSubscription(userId, trx)
  const kind = INVOICE_KINDS[event.type]
  // SPEC D: trial_will_end is a no-op for already active subscriptions.
  const skipTrial = event.type === 'customer.subscription.trial_will_end' && row.status === 'active' && Boolean(row.paymentSubscriptionId)
  // An invoice the provider cannot show (paid or failed) never revives a canceled or expired row.
  const skipRevive = snapshot?.source === 'event' && Boolean(kind) && (row.status === 'canceled' || row.status === 'expired')
  if (snapshot && !skipTrial && !skipRevive) await applySnapshot(row, snapshot, trx)
  if (kind === 'succeeded') await initializeUsage(object, userId, trx)
  if (event.type === 'checkout.session.completed') {
    const customerId = idOf(object.customer)
    if (customerId) await User.query({ client: trx }).where('id', userId).whereNull('payment_customer_id').update({ payment_customer_id: customerId })
  }
  return true
}

/** SPEC D: the usage row of a paid period is initialized by its invoice (idempotent by period). */
async function initializeUsage(invoice: any, userId: number, trx: QueryClientContract) {
  const row = await UserSubscription.query({ client: trx }).where('user_id', userId).firstOrFail()
  if (row.planSlug === 'free') return
  const line = (invoice.lines?.data || []).find((l: any) => l?.period?.end)
  const start = fromUnix(line?.period?.start)
  const end = fromUnix(line?.period?.end)
  const cycle = start && end ? currentCycle({ currentPeriodStart: start, currentPeriodEnd: end, createdAt: row.createdAt }, start) : currentCycle(row)
  await ensureUsageRow(userId, row.planSlug, cycle, trx)
}

async function recordPurchase(session: any, trx: QueryClientContract) {
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
