import type Stripe from 'stripe'
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type UserSubscription from '#models/user_subscription'
import { inject } from '@adonisjs/core'
import { StripeClient } from '#services/billing/stripe_client'
import { isPlanSlug, PlanCatalog } from '#services/billing/plans'
import { fromUnix, mapProviderStatus, providerEnding } from '#services/billing/subscription_store'
import { saveSubscription, setPlan } from '#services/billing/subscription_writer'
import { hasLivePaidSubscription } from '#services/billing/entitlements'
import { lifecycleOrder, nextReason, reasonFromSnapshot } from '#services/billing/snapshot_reason'

export { isReplayed, reasonFromSnapshot } from '#services/billing/snapshot_reason'

/**
 * The one way into a local subscription row (docs/decisions/billing_sync.md): a provider
 * *snapshot* (the customer's current Stripe subscription) applied under the row lock. Webhooks,
 * mutation responses, checkout completion and billing:reconcile all end here.
 *
 * Ordering (issue 24, docs/rules/billing.md#mutations): each stamp is compared only with a stamp of its own
 * clock.
 * - `provider_read_at` (this server's clock): the second the applied provider state was read.
 *   Reads and mutation responses are ordered by it: a later one wins; on a tie, or an earlier
 *   one (which may also be a stored stamp from a clock that ran ahead), the subscription is read
 *   again under the lock and that read wins; an earlier one is refused when that read fails.
 * - `payment_updated_at` (Stripe's clock): the `created` of the newest event the row is known to
 *   include. Only an event's own object (the payload fallback, when the provider cannot be read
 *   or knows no such subscription) is ordered by it.
 * An event never decides by its age whether the provider is read.
 */
/** The item fields the sync reads (a `Stripe.SubscriptionItem` is one). */
type ItemState = {
  id?: string
  current_period_start?: number | null
  current_period_end?: number | null
  price?: { id: string; unit_amount?: number | null; currency?: string | null } | null
  plan?: { id: string } | null
}

/**
 * What the sync reads from a subscription: a `Stripe.Subscription` as the provider answers it,
 * or the part of one an event implies when the provider cannot show it (the payload fallback).
 * Older API versions also carry the period on the subscription itself.
 */
export type SubscriptionState = {
  id?: string | null
  customer?: string | Stripe.Customer | Stripe.DeletedCustomer | null
  status?: Stripe.Subscription.Status
  created?: number
  cancel_at_period_end?: boolean
  cancel_at?: number | null
  pause_collection?: { resumes_at: number | null } | null
  metadata?: Stripe.Metadata | null
  items?: { data: ItemState[] }
  current_period_start?: number | null
  current_period_end?: number | null
  latest_invoice?: string | Stripe.Invoice | null
}

export type Snapshot = {
  /** The provider subscription object, or null when the provider knows none. */
  sub: SubscriptionState | null
  /**
   * `read`: a GET we started at `readAt`. `response`: a fresh mutation response (its request
   * started at `readAt`). `event`: an event's own signed object (no provider read).
   */
  source: 'read' | 'response' | 'event'
  /** This server's clock, unix seconds (`read`, `response`): the state is at least this new. */
  readAt?: number
  /**
   * Stripe's clock, unix seconds: the `created` of the event this snapshot stands for
   * (`event`), or of the event that led to the read (`read`: the read includes that event).
   */
  created?: number | null
  /** Status reason of the event that led here (used when the snapshot cannot tell). */
  reasonHint?: 'payment_failed' | 'payment_action_required' | null
  /** Customer and subscription the snapshot belongs to (for the tie re-read; none: no re-read). */
  customerId?: string | null
  subscriptionId?: string | null
}

export type ApplyOutcome = 'applied' | 'stale' | 'other_subscription' | 'empty'

/** Expansion that lets the status reason be read from the latest invoice's payment. */
export const SNAPSHOT_EXPAND = ['latest_invoice.payments']
const LIST_EXPAND = ['data.latest_invoice.payments']

const DEAD = new Set(['canceled', 'incomplete_expired'])

/** The id of an expandable Stripe field (an id string or the expanded object). */
export const idOf = (value: string | { id?: string | null } | null | undefined): string | null =>
  typeof value === 'string' ? value : value?.id ? String(value.id) : null

const statusCode = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode

export class UnknownPriceError extends Error {}

const nowSeconds = () => Math.floor(Date.now() / 1000)

/**
 * The tie re-read runs under the row lock, so it is one short try: if it fails, the snapshot in
 * hand applies (docs/rules/billing.md#mutations own rule) instead of holding the lock through the SDK's
 * retries.
 */
const TIE_REREAD = { maxNetworkRetries: 0, timeout: 2000 }

/**
 * The customer's current subscription: the newest live one, else the newest. Stripe lists
 * newest first; a customer may hold an old canceled subscription next to a new one.
 */
export function pickCurrent<T extends SubscriptionState>(subs: T[]): T | null {
  const sorted = [...subs].sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0))
  return sorted.find((s) => !DEAD.has(String(s.status))) ?? sorted[0] ?? null
}

/** The provider state read again under the row lock, or null when it cannot be read or names none. */
async function rereadFor(snap: Snapshot, reread: (s: Snapshot) => Promise<Snapshot>): Promise<Snapshot | null> {
  if (!snap.customerId && !snap.subscriptionId) return null
  const again = await reread(snap).catch(() => null)
  return again?.sub ? { ...again, created: snap.created, reasonHint: snap.reasonHint } : null
}

const seconds = (value: DateTime | null) => (value?.isValid ? Math.floor(value.toSeconds()) : null)
const stamp = (value: number) => DateTime.fromSeconds(value, { zone: 'utc' })

/** Reads provider snapshots and applies them to locked rows (Stripe client and catalog from the container). */
@inject()
export class SubscriptionSync {
  constructor(
    private stripe: StripeClient,
    private catalog: PlanCatalog
  ) {}

  /**
   * Reads what the provider holds now for a customer (or, without one, a subscription). Null
   * when the provider knows neither; other provider errors are thrown (the event is retried).
   */
  async readSnapshot(
    refs: { customerId?: string | null; subscriptionId?: string | null },
    request: { maxNetworkRetries?: number; timeout?: number } = {}
  ): Promise<Snapshot> {
    const readAt = nowSeconds()
    const api = this.stripe.api
    let sub: Stripe.Subscription | null = null
    if (refs.customerId) {
      const list = await api.subscriptions.list(
        { customer: refs.customerId, status: 'all', limit: 10, expand: LIST_EXPAND },
        request
      )
      // Only this customer's subscriptions count, whatever a Stripe-compatible server lists.
      sub = pickCurrent((list.data ?? []).filter((s) => !idOf(s.customer) || idOf(s.customer) === refs.customerId))
    }
    if (!sub && refs.subscriptionId) {
      try {
        sub = await api.subscriptions.retrieve(refs.subscriptionId, { expand: SNAPSHOT_EXPAND }, request)
      } catch (error) {
        if (statusCode(error) !== 404) throw error
      }
    }
    return {
      sub,
      readAt,
      source: 'read',
      customerId: refs.customerId ?? null,
      subscriptionId: refs.subscriptionId ?? null,
    }
  }

  /**
   * Applies a provider subscription object to the row (without saving). The plan comes from the
   * item's price (catalog, kept rows included), then from the subscription's `plan_slug`
   * metadata; an unknown price with no metadata throws rather than guessing a plan.
   */
  private async applyObject(
    row: UserSubscription,
    sub: SubscriptionState,
    client: QueryClientContract,
    reasonHint?: string | null
  ) {
    if (typeof sub.status === 'string') {
      const status = mapProviderStatus(sub.status)
      // docs/rules/billing.md#mutations: a non-null reason is kept while the status is not active; cleared on active.
      row.statusReason = status === 'active' ? null : nextReason(row, reasonFromSnapshot(sub), reasonHint)
      row.status = status
      row.paymentStatus = sub.status
      row.isActive = status === 'active'
    }
    const terminal = row.status === 'canceled' || row.status === 'expired'
    const ending = providerEnding(sub)
    if (terminal || typeof sub.cancel_at_period_end === 'boolean' || ending) row.cancelAtPeriodEnd = !terminal && ending
    const known = await this.planItem(sub, client)
    const item = known?.item ?? sub.items?.data?.[0]
    // The item's period first, then the subscription's (API versions differ).
    const start = fromUnix(item?.current_period_start ?? sub.current_period_start)
    const end = fromUnix(item?.current_period_end ?? sub.current_period_end)
    if (start) row.currentPeriodStart = start
    if (end) row.currentPeriodEnd = end
    if ('pause_collection' in sub) row.pauseCollectionResumesAt = fromUnix(sub.pause_collection?.resumes_at)
    if (terminal) row.pauseCollectionResumesAt = null
    const priceId = item?.price?.id ?? item?.plan?.id
    if (known) {
      setPlan(row, known.slug, {
        price: Number(item?.price?.unit_amount ?? known.price),
        currency: String(item?.price?.currency ?? known.currency),
        paymentPriceId: priceId,
      })
    } else if (isPlanSlug(sub.metadata?.plan_slug) && sub.metadata.plan_slug !== 'free') {
      const slug = sub.metadata.plan_slug
      if (slug !== row.planSlug) setPlan(row, slug, await this.catalog.current(slug, client))
    } else if (priceId && row.status === 'active') {
      throw new UnknownPriceError(`subscription ${sub.id} has price ${priceId}, which is not in the plan catalog`)
    } else if (priceId) {
      // A subscription that grants nothing needs no plan: its status applies, the plan columns stay.
      logger.warn({ subscription: sub.id, price: priceId }, 'price not in the plan catalog; status applied, plan kept')
    }
    if (typeof sub.id === 'string' && sub.id) row.paymentSubscriptionId = sub.id
    const customer = idOf(sub.customer)
    if (customer) row.paymentCustomerId = customer
  }

  /**
   * The first item whose price is a paid plan of the catalog (a subscription may carry add-on
   * items before it), or null when none is.
   */
  private async planItem(sub: SubscriptionState, client: QueryClientContract) {
    for (const item of sub.items?.data ?? []) {
      const mapped = await this.catalog.byPriceId(item?.price?.id ?? item?.plan?.id, client)
      if (mapped && isPlanSlug(mapped.planSlug) && mapped.planSlug !== 'free')
        return { item, slug: mapped.planSlug, price: mapped.price, currency: mapped.currency }
    }
    return null
  }

  /**
   * Applies `snapshot` to the locked `row` and saves it. `reread` fetches the provider state again
   * (tests may stub it); it runs only when the stored read stamp ties with or passes the snapshot's.
   */
  async applySnapshot(
    row: UserSubscription,
    snapshot: Snapshot,
    trx: QueryClientContract,
    reread: (s: Snapshot) => Promise<Snapshot> = (s) =>
      this.readSnapshot({ customerId: s.customerId, subscriptionId: s.subscriptionId }, TIE_REREAD)
  ): Promise<ApplyOutcome> {
    let snap = snapshot
    const storedRead = seconds(row.providerReadAt)
    const storedCreated = seconds(row.paymentUpdatedAt)
    let tie: boolean
    if (snap.source === 'event') {
      // Stripe's lifecycle first (an end is final, `incomplete` never comes back), whatever the clocks say.
      const end = lifecycleOrder(row, snap.sub)
      if (end === 'behind') return 'stale'
      // Stripe's `created` against Stripe's `created` only (docs/rules/billing.md#webhook-order payload fallback).
      const created = snap.created ?? 0
      if (end !== 'ends' && storedCreated !== null && created < storedCreated) return 'stale'
      tie = storedCreated !== null && created === storedCreated
    } else {
      const readAt = snap.readAt ?? 0
      tie = storedRead !== null && readAt === storedRead
      if (storedRead !== null && readAt < storedRead) {
        // Older, or the stored stamp came from a clock that ran ahead (another instance, a clock
        // stepped back): a read made now, under the lock, is newer than both.
        const again = await rereadFor(snap, reread)
        if (again) snap = again
        else {
          // A later read is applied already; it includes the event this read stands for.
          if (snap.created && (storedCreated === null || snap.created > storedCreated)) {
            row.paymentUpdatedAt = stamp(snap.created)
            await saveSubscription(row, trx)
          }
          return 'stale'
        }
      }
    }
    // If the provider cannot be read, the snapshot in hand applies (docs/rules/billing.md#mutations own rule).
    if (tie) snap = (await rereadFor(snap, reread)) ?? snap
    const sub = snap.sub
    if (!sub || typeof sub !== 'object') return 'empty'
    // A payload (no provider read) of another subscription never replaces the live one, nor does
    // a read of another customer's (a late event of a customer deleted and replaced).
    const incoming = idOf(sub)
    const held = row.paymentSubscriptionId
    const foreign = Boolean(row.paymentCustomerId && idOf(sub.customer) && idOf(sub.customer) !== row.paymentCustomerId)
    if ((snap.source !== 'read' || foreign) && held && incoming && held !== incoming) {
      if (hasLivePaidSubscription(row) || DEAD.has(String(sub.status))) return 'other_subscription'
    }
    await this.applyObject(row, sub, trx, snap.reasonHint)
    if (snap.source !== 'event' && snap.readAt !== undefined)
      row.providerReadAt = stamp(Math.max(snap.readAt, storedRead ?? 0))
    if (snap.created) row.paymentUpdatedAt = stamp(Math.max(snap.created, storedCreated ?? 0))
    await saveSubscription(row, trx)
    return 'applied'
  }
}
