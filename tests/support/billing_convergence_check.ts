/**
 * The convergence check of tests/support/billing_convergence.ts: every local row against the
 * docs/rules/billing.md#mutations mapping of what the provider holds, and the usage rows against the paid
 * periods.
 */
import type User from '#models/user'
import SubscriptionUsage from '#models/subscription_usage'
import UserSubscription from '#models/user_subscription'
import { mapProviderStatus } from '#services/billing/subscription_store'
import { pickCurrent, reasonFromSnapshot } from '#services/billing/subscription_sync'
import { PRICE_PLUS } from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'

/** The docs/rules/billing.md#mutations mapping of the provider's current subscription, field by field. */
export function expectedRow(stripe: StripeTestServer, customer: string | null) {
  const sub = customer ? pickCurrent(stripe.subscriptionsOf(customer)) : null
  if (!sub)
    return {
      status: 'active',
      statusReason: null,
      planSlug: 'free',
      cancelAtPeriodEnd: false,
      pausedUntil: null,
      periodEnd: null,
    }
  const status = mapProviderStatus(sub.status)
  const terminal = status === 'canceled' || status === 'expired'
  const item = sub.items.data[0]
  return {
    status,
    statusReason: status === 'active' ? null : (reasonFromSnapshot(stripe.render(sub, ['latest_invoice'])) ?? null),
    planSlug: item.price.id === PRICE_PLUS ? 'plus' : 'pro',
    cancelAtPeriodEnd: terminal ? false : sub.cancel_at_period_end,
    pausedUntil: terminal ? null : (sub.pause_collection?.resumes_at ?? null),
    periodEnd: item.current_period_end,
  }
}

export async function divergences(world: { stripe: StripeTestServer; users: User[] }): Promise<string[]> {
  const found: string[] = []
  for (const [u, who] of world.users.entries()) {
    await who.refresh()
    const row = await UserSubscription.query().where('user_id', who.id).first()
    const actual = {
      status: row?.status ?? 'active',
      statusReason: row?.statusReason ?? null,
      planSlug: row?.planSlug ?? 'free',
      cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
      pausedUntil: row?.pauseCollectionResumesAt ? Math.floor(row.pauseCollectionResumesAt.toSeconds()) : null,
      periodEnd: row?.currentPeriodEnd ? Math.floor(row.currentPeriodEnd.toSeconds()) : null,
    }
    const expected = expectedRow(world.stripe, who.paymentCustomerId)
    for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
      if (actual[key] !== expected[key]) found.push(`user ${u} ${key}: local ${actual[key]} provider ${expected[key]}`)
    }
    const usage = (await SubscriptionUsage.query().where('user_id', who.id)).length
    const paid = who.paymentCustomerId ? world.stripe.paidPeriods(who.paymentCustomerId) : 0
    if (usage !== paid) found.push(`user ${u} usage rows ${usage} != paid periods ${paid}`)
  }
  return found
}
