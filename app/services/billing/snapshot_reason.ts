import type { SubscriptionState } from '#services/billing/subscription_sync'

/*
| What the sync reads off a provider answer without the database: whether a mutation response
| is an idempotent replay, and the status reason its latest invoice shows.
*/

/** Whether a mutation response is Stripe's replay of an earlier request (same Idempotency-Key). */
export function isReplayed(
  response: { lastResponse?: { headers?: Record<string, string> } } | null | undefined
): boolean {
  const headers: Record<string, string> = response?.lastResponse?.headers ?? {}
  return String(headers['idempotent-replayed'] ?? headers['Idempotent-Replayed'] ?? '').toLowerCase() === 'true'
}

/**
 * status_reason from the latest invoice: a payment waiting for 3-D Secure is
 * `payment_action_required`, a failed attempt on an open invoice `payment_failed`; a paid,
 * draft (collection paused) or void invoice means no payment problem (null). `undefined` when
 * the snapshot does not carry the invoice (the docs/rules/billing.md#mutations rule then keeps the current
 * reason).
 */
export function reasonFromSnapshot(
  sub: SubscriptionState | null | undefined
): 'payment_failed' | 'payment_action_required' | null | undefined {
  const invoice = sub?.latest_invoice
  if (!invoice || typeof invoice !== 'object') return undefined
  if (invoice.status !== 'open') return null
  const intent = invoice.payments?.data?.[0]?.payment?.payment_intent
  // Stripe expands only the payments asked for: an intent named by id does not tell 3-D Secure from
  // a decline (an open invoice has attempts either way), so the event's hint or the kept reason does.
  if (typeof intent === 'string') return undefined
  const intentStatus = typeof intent === 'object' && intent ? intent.status : null
  if (intentStatus === 'requires_action') return 'payment_action_required'
  if (intentStatus === 'requires_payment_method' || Number(invoice.attempt_count) > 0) return 'payment_failed'
  return undefined
}

type Reason = 'payment_failed' | 'payment_action_required' | null

/**
 * The status reason of a row that is (or becomes) not active, from its state before: the snapshot's
 * own (`derived`, when its invoice tells), else the event's hint, else the current one. Stripe sends
 * `invoice.payment_failed` next to `invoice.payment_action_required` for one 3-D Secure attempt, in
 * no set order, so a `payment_failed` hint does not replace a pending action on a row that was not
 * active (the dunning episode it belongs to); a paid invoice (active) clears both.
 */
export function nextReason(
  before: { status: string; statusReason: string | null },
  derived: Reason | undefined,
  hint: string | null | undefined
): string | null {
  if (derived !== undefined) return derived
  const pending = before.statusReason === 'payment_action_required' && before.status !== 'active'
  if (hint === 'payment_failed' && pending) return before.statusReason
  return hint ?? before.statusReason
}

/** Provider statuses a subscription never leaves. */
export const ENDED: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired'])

/** Statuses a subscription only starts in: once it has left them it never returns to them. */
const INITIAL: ReadonlySet<string> = new Set(['incomplete'])

/**
 * How a payload meets the row's own subscription, by Stripe's status lifecycle rather than by
 * clocks: `behind` when the row holds it past what the payload says (ended already, or out of
 * `incomplete` already), `ends` when the payload ends it, else null (another subscription, or
 * nothing the lifecycle decides).
 */
export function lifecycleOrder(
  row: { paymentSubscriptionId: string | null; paymentStatus: string | null },
  sub: SubscriptionState | null
): 'behind' | 'ends' | null {
  if (!sub || !row.paymentSubscriptionId || sub.id !== row.paymentSubscriptionId) return null
  const held = String(row.paymentStatus)
  const incoming = String(sub.status)
  if (ENDED.has(held)) return ENDED.has(incoming) ? null : 'behind'
  if (ENDED.has(incoming)) return 'ends'
  return INITIAL.has(incoming) && row.paymentStatus && !INITIAL.has(held) ? 'behind' : null
}
