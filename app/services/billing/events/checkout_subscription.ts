import type Stripe from 'stripe'
import logger from '@adonisjs/core/services/logger'
import User from '#models/user'
import UserSubscription from '#models/user_subscription'
import type { SubscriptionEventSync, SubscriptionRefs } from '#services/billing/event_sync'
import { isPlanSlug } from '#services/billing/plans'
import { fromUnix, unixSeconds } from '#services/billing/subscription_store'
import { idOf, UnknownPriceError, type SubscriptionState } from '#services/billing/subscription_sync'
import type { Effects } from '#services/billing/events/registry'

/** checkout.session.completed in subscription mode: the new subscription as the provider holds it. */
// A delayed payment method (bank debits) completes the session unpaid; the money comes with async_payment_succeeded.
export const types = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'] as const

export const accepts = (event: Stripe.Event) => (event.data.object as Stripe.Checkout.Session).mode !== 'payment'

const isPaid = (session: Stripe.Checkout.Session) =>
  !session.payment_status || ['paid', 'no_payment_required'].includes(session.payment_status)

export function parse(event: Stripe.Event): { session: Stripe.Checkout.Session; refs: SubscriptionRefs | null } {
  const session = event.data.object as Stripe.Checkout.Session
  if ((session.mode && session.mode !== 'subscription') || !isPaid(session)) return { session, refs: null }
  return {
    session,
    refs: {
      subscriptionId: idOf(session.subscription),
      customerId: idOf(session.customer),
      userId: session.client_reference_id ?? session.metadata?.user_id,
    },
  }
}

/**
 * A checkout of a subscription the provider cannot show: the plan asked for (our checkout's
 * `plan_slug`), else the plan of the row that already holds this subscription (its own event came
 * first), never a guess. When neither names one (a session carrying only the user, as
 * docs/rules/billing.md#checkout requires): retried if the provider failed, else null (the row is
 * left to the subscription's own events).
 */
function implied(
  session: Stripe.Checkout.Session,
  refs: SubscriptionRefs,
  created: number,
  heldPlan: string | null,
  readFailed: boolean
): SubscriptionState | null {
  const start = created || Math.floor(Date.now() / 1000)
  const asked = session.metadata?.plan_slug
  const plan = isPlanSlug(asked) && asked !== 'free' ? asked : heldPlan
  if (!isPlanSlug(plan) || plan === 'free') {
    // A provider that failed may answer the retry with the plan; one that is not set up, or knows
    // no such subscription, never will (a 500 would be retried for days).
    if (readFailed) throw new UnknownPriceError(`checkout ${session.id}: the provider could not be read, no plan_slug`)
    logger.info({ session: session.id }, 'checkout names no plan and the provider cannot show it; row left as it is')
    return null
  }
  return {
    id: refs.subscriptionId,
    customer: refs.customerId,
    status: 'active',
    cancel_at_period_end: false,
    pause_collection: null,
    metadata: { plan_slug: plan },
    // Stripe's clock for Stripe's fields: the period starts when the event says it did.
    current_period_start: start,
    current_period_end: Math.floor(fromUnix(start)!.plus({ months: 1 }).toSeconds()),
  }
}

/** The paid plan of the row that holds `subscriptionId` already, if any. */
async function heldPlanOf(subscriptionId: string | null) {
  if (!subscriptionId) return null
  const row = await UserSubscription.query().where('payment_subscription_id', subscriptionId).first()
  return row && row.planSlug !== 'free' ? row.planSlug : null
}

export async function apply(event: Stripe.Event, sync: SubscriptionEventSync): Promise<Effects> {
  const { session, refs } = parse(event)
  if (!refs) return async () => {}
  const heldPlan = await heldPlanOf(refs.subscriptionId)
  const prepared = await sync.prepare(event, refs, {
    reasonHint: null,
    fallback: (readFailed) => implied(session, refs, unixSeconds(event.created) ?? 0, heldPlan, readFailed),
  })
  return async (trx) => {
    const userId = await sync.apply(event, prepared, trx)
    const customerId = idOf(session.customer)
    if (userId && customerId)
      await User.query({ client: trx })
        .where('id', userId)
        .whereNull('payment_customer_id')
        .update({ payment_customer_id: customerId })
  }
}
