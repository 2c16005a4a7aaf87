import type Stripe from 'stripe'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import DocumentPurchase from '#models/document_purchase'
import Document from '#models/document'
import User from '#models/user'
import { parseRowId } from '#validators/request_input'
import { idOf } from '#services/billing/subscription_sync'
import type { Effects } from '#services/billing/events/registry'

/**
 * checkout.session.completed in payment mode: a one-time document purchase
 * (docs/rules/documents.md#access-states).
 */
// A delayed payment method (bank debits) completes the session unpaid; the money comes with async_payment_succeeded.
export const types = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'] as const

export const accepts = (event: Stripe.Event) => (event.data.object as Stripe.Checkout.Session).mode === 'payment'

const isPaid = (session: Stripe.Checkout.Session) =>
  !session.payment_status || ['paid', 'no_payment_required'].includes(session.payment_status)

export function parse(
  event: Stripe.Event
): { session: Stripe.Checkout.Session; userId: number | null; documentId: number | null } | null {
  const session = event.data.object as Stripe.Checkout.Session
  if (!isPaid(session) || session.metadata?.kind !== 'document_purchase') return null
  return {
    session,
    userId: parseRowId(session.metadata?.user_id ?? session.client_reference_id),
    documentId: parseRowId(session.metadata?.document_id),
  }
}

export async function apply(event: Stripe.Event): Promise<Effects> {
  const purchase = parse(event)
  return async (trx) => {
    if (purchase?.userId && purchase.documentId)
      await record(purchase.session, purchase.userId, purchase.documentId, trx)
  }
}

/** Idempotent fulfilment: one purchase per user and document, checked under the event claim. */
async function record(session: Stripe.Checkout.Session, userId: number, documentId: number, trx: QueryClientContract) {
  const existing = await DocumentPurchase.query({ client: trx })
    .where('user_id', userId)
    .where('document_id', documentId)
    .first()
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
