import type Stripe from 'stripe'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import UserSubscription from '#models/user_subscription'
import type { StatusHint, SubscriptionEventSync, SubscriptionRefs } from '#services/billing/event_sync'
import { currentCycle, fromUnix } from '#services/billing/subscription_store'
import { ensureUsageRow } from '#services/billing/subscription_writer'
import { idOf, type SubscriptionState } from '#services/billing/subscription_sync'
import type { Effects } from '#services/billing/events/registry'

/**
 * invoice.*: the invoice's subscription as the provider holds it now; a paid one opens its period.
 * Stripe sends `invoice.paid` next to `invoice.payment_succeeded`, and alone for an invoice paid out
 * of band: both mean the same here (the usage row is idempotent by period).
 */
export const types = [
  'invoice.payment_succeeded',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
] as const

type Kind = 'succeeded' | 'payment_failed' | 'payment_action_required'
const KINDS: Record<(typeof types)[number], Kind> = {
  'invoice.payment_succeeded': 'succeeded',
  'invoice.paid': 'succeeded',
  'invoice.payment_failed': 'payment_failed',
  'invoice.payment_action_required': 'payment_action_required',
}

/** Older API versions put the subscription on the invoice itself. */
type AnyInvoice = Stripe.Invoice & {
  subscription?: string | Stripe.Subscription | null
  subscription_details?: { metadata?: Stripe.Metadata | null }
}

export function parse(event: Stripe.Event): { invoice: AnyInvoice; kind: Kind; refs: SubscriptionRefs | null } {
  const invoice = event.data.object as AnyInvoice
  const kind = KINDS[event.type as (typeof types)[number]]
  const line = invoice.lines?.data?.[0]
  const subscriptionId =
    idOf(invoice.subscription) ||
    idOf(invoice.parent?.subscription_details?.subscription) ||
    idOf(line?.subscription) ||
    idOf(line?.parent?.subscription_item_details?.subscription) ||
    null
  if (!subscriptionId) return { invoice, kind, refs: null }
  const userId =
    invoice.parent?.subscription_details?.metadata?.user_id ??
    invoice.subscription_details?.metadata?.user_id ??
    invoice.metadata?.user_id
  return { invoice, kind, refs: { subscriptionId, customerId: idOf(invoice.customer), userId } }
}

/** The subscription an invoice implies when the provider cannot show it: paid → active, else past_due. */
function implied(invoice: AnyInvoice, kind: Kind, subscriptionId: string | null): SubscriptionState {
  const line = (invoice.lines?.data || []).find((l) => l?.period?.end)
  const period =
    kind === 'succeeded' && line ? { current_period_start: line.period.start, current_period_end: line.period.end } : {}
  return { id: subscriptionId, status: kind === 'succeeded' ? 'active' : 'past_due', items: { data: [period] } }
}

export async function apply(event: Stripe.Event, sync: SubscriptionEventSync): Promise<Effects> {
  const { invoice, kind, refs } = parse(event)
  if (!refs) return async () => {}
  const reasonHint: StatusHint = kind === 'succeeded' ? null : kind
  const prepared = await sync.prepare(event, refs, {
    reasonHint,
    fallback: () => implied(invoice, kind, refs.subscriptionId),
  })
  return async (trx) => {
    // An invoice the provider cannot show (paid or failed) never revives a canceled or expired row.
    const userId = await sync.apply(
      event,
      prepared,
      trx,
      (row, snapshot) => snapshot.source === 'event' && (row.status === 'canceled' || row.status === 'expired')
    )
    if (userId && kind === 'succeeded') await initializeUsage(invoice, userId, trx)
  }
}

/**
 * docs/rules/billing.md#mutations: the usage row of a paid period is initialized by its invoice (idempotent by
 * period).
 */
async function initializeUsage(invoice: AnyInvoice, userId: number, trx: QueryClientContract) {
  const row = await UserSubscription.query({ client: trx }).where('user_id', userId).firstOrFail()
  if (row.planSlug === 'free') return
  const line = (invoice.lines?.data || []).find((l) => l?.period?.end)
  const start = fromUnix(line?.period?.start)
  const end = fromUnix(line?.period?.end)
  const cycle =
    start && end
      ? currentCycle({ currentPeriodStart: start, currentPeriodEnd: end, createdAt: row.createdAt }, start)
      : currentCycle(row)
  await ensureUsageRow(userId, row.planSlug, cycle, trx)
}
