/**
 * Model-based convergence check of billing (issue 15): random schedules of what users and
 * Stripe do, run against the local Stripe-compatible server and the real app. Webhooks are
 * delivered duplicated, reordered, delayed and partly concurrently. When the provider is quiet
 * every local row must equal the SPEC mapping of what the provider holds, and the usage rows
 * must equal the paid periods. Used by tests/functional/billing/convergence.spec.ts and by
 * `npm run bench billing_convergence`.
 */
import fc from 'fast-check'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import BillingWebhookEvent from '#models/billing_webhook_event'
import SubscriptionUsage from '#models/subscription_usage'
import UserSubscription from '#models/user_subscription'
import { mapProviderStatus } from '#services/billing/subscription_store'
import { pickCurrent, reasonFromSnapshot } from '#services/billing/subscription_sync'
import { PRICE_PLUS, sendWebhook } from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'
import type { PaymentOutcome } from '#tests/support/stripe_provider'

const USERS = 2
const user = fc.integer({ min: 0, max: USERS - 1 })
const outcome = fc.constantFrom<PaymentOutcome>('paid', 'paid', 'failed', 'action_required')

export type Step =
  | { t: 'checkout'; u: number; plan: 'pro' | 'plus' }
  | { t: 'complete'; u: number }
  | { t: 'autoRenew'; u: number; enabled: boolean; double: boolean }
  | { t: 'autoRenewBurst'; u: number; pattern: boolean[]; deliverBetween: boolean; pauseMs: number }
  | { t: 'changePlan'; u: number; plan: 'pro' | 'plus' }
  | { t: 'pause' | 'resume' | 'cancel'; u: number }
  | { t: 'renew' | 'retry'; u: number; outcome: PaymentOutcome }
  | { t: 'providerPause'; u: number; on: boolean }
  | { t: 'deliver'; count: number; duplicate: boolean; concurrent: boolean; withMutation: boolean; seed: number }
  | { t: 'tick' }

const plan = fc.constantFrom<'pro' | 'plus'>('pro', 'plus')
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('checkout' as const), u: user, plan }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('complete' as const), u: user }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('autoRenew' as const), u: user, enabled: fc.boolean(), double: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('autoRenewBurst' as const),
      u: user,
      pattern: fc.array(fc.boolean(), { minLength: 2, maxLength: 3 }),
      deliverBetween: fc.boolean(),
      // Sometimes the last click comes a second later (still inside the key's minute).
      pauseMs: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 1100),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('changePlan' as const), u: user, plan }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constantFrom('pause' as const, 'resume' as const, 'cancel' as const), u: user }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constantFrom('renew' as const, 'retry' as const), u: user, outcome }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('providerPause' as const), u: user, on: fc.boolean() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('deliver' as const),
      count: fc.integer({ min: 1, max: 6 }),
      duplicate: fc.boolean(),
      concurrent: fc.boolean(),
      withMutation: fc.boolean(),
      seed: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ t: 'tick' as const }) }
)

/** Half the users start as subscribers, so the mutations usually meet a live subscription. */
const subscribed = (u: number): fc.Arbitrary<Step[]> =>
  fc.option(
    plan.map((p): Step[] => [
      { t: 'checkout', u, plan: p },
      { t: 'complete', u },
      { t: 'deliver', count: 20, duplicate: false, concurrent: false, withMutation: false, seed: 1 },
    ]),
    { nil: [] as Step[] }
  )

export const scheduleArbitrary = fc
  .tuple(fc.tuple(...Array.from({ length: USERS }, (_, u) => subscribed(u))), fc.array(step, { minLength: 3, maxLength: 16 }))
  .map(([starts, steps]) => [...starts.flat(), ...steps])

/** The HTTP client the schedule acts through (Japa's ApiClient in tests). */
export type AppClient = {
  post(url: string, user: User, body?: object): Promise<{ status: number; body: any }>
  patch(url: string, user: User, body?: object): Promise<{ status: number; body: any }>
}

type World = { stripe: StripeTestServer; client: AppClient; users: User[]; sessions: (string | null)[]; pending: any[]; eventIds: string[] }

/** A tiny deterministic PRNG for the delivery order (the schedule carries its seed). */
function prng(seed: number) {
  let a = seed >>> 0 || 1
  return () => ((a = (a * 1664525 + 1013904223) >>> 0) / 2 ** 32)
}

function liveSub(world: World, u: number) {
  const sub = pickCurrent(world.stripe.subscriptionsOf(world.users[u].paymentCustomerId ?? '-'))
  return sub && sub.status !== 'canceled' ? sub : null
}

async function deliver(world: World, events: any[], concurrent: boolean) {
  const send = async (event: any) => {
    const response = await sendWebhook(event)
    if (response.status !== 200) world.pending.push(event) // the provider retries later
  }
  if (concurrent) await Promise.all(events.map(send))
  else for (const event of events) await send(event)
}

async function mutate(world: World, s: Step) {
  const u = (s as any).u as number
  const who = world.users[u]
  switch (s.t) {
    case 'checkout': {
      const response = await world.client.post('/api/subscriptions/checkout-session', who, { planSlug: s.plan, billingInterval: 'month' })
      if (response.status === 200) world.sessions[u] = response.body.session_id
      else if (response.status !== 409) throw new Error(`checkout answered ${response.status}`)
      await who.refresh()
      return
    }
    case 'autoRenew': {
      const call = () => world.client.patch('/api/subscriptions/auto-renew', who, { enabled: s.enabled })
      await Promise.all(s.double ? [call(), call()] : [call()])
      return
    }
    case 'autoRenewBurst':
      // Clicks inside one minute: a repeated value reuses its idempotency key (a replay at Stripe).
      for (const [i, enabled] of s.pattern.entries()) {
        if (i > 0 && i === s.pattern.length - 1 && s.pauseMs) await new Promise((resolve) => setTimeout(resolve, s.pauseMs))
        await world.client.patch('/api/subscriptions/auto-renew', who, { enabled })
        if (s.deliverBetween) {
          const events = world.stripe.takeEvents()
          world.eventIds.push(...events.map((e) => e.id))
          await deliver(world, [...world.pending.splice(0), ...events], false)
        }
      }
      return
    case 'changePlan':
      await world.client.post('/api/subscriptions/change-plan', who, { planSlug: s.plan })
      return
    case 'pause':
    case 'resume':
      await world.client.post(`/api/subscriptions/${s.t}`, who)
      return
  }
}

async function runStep(world: World, s: Step) {
  const stripe = world.stripe
  const collect = () => {
    const events = stripe.takeEvents()
    world.eventIds.push(...events.map((e) => e.id))
    world.pending.push(...events)
  }
  switch (s.t) {
    case 'complete': {
      const session = world.sessions[s.u]
      if (session && !liveSub(world, s.u)) stripe.completeCheckout(session)
      world.sessions[s.u] = null
      break
    }
    case 'renew':
    case 'retry': {
      const sub = liveSub(world, s.u)
      if (sub) s.t === 'renew' ? stripe.renew(sub.id, s.outcome) : stripe.retryPayment(sub.id, s.outcome)
      break
    }
    case 'cancel': {
      const sub = liveSub(world, s.u)
      if (sub) stripe.cancel(sub.id)
      break
    }
    case 'providerPause': {
      const sub = liveSub(world, s.u)
      if (sub && sub.status === 'active') stripe.pauseCollection(sub.id, s.on ? sub.items.data[0].current_period_end + 30 * 86400 : null)
      break
    }
    case 'deliver': {
      const random = prng(s.seed)
      const picked: any[] = []
      for (let i = 0; i < s.count && world.pending.length; i++) picked.push(world.pending.splice(Math.floor(random() * world.pending.length), 1)[0])
      const batch = s.duplicate ? [...picked, ...picked.filter(() => random() < 0.5)] : picked
      const mutation = s.withMutation ? mutate(world, { t: 'autoRenew', u: Math.floor(random() * USERS), enabled: random() < 0.5, double: false }) : null
      await Promise.all([deliver(world, batch, s.concurrent), mutation])
      break
    }
    case 'tick':
      await new Promise((resolve) => setTimeout(resolve, 350))
      break
    default:
      await mutate(world, s)
  }
  collect()
}

/** The SPEC mapping of the provider's current subscription, field by field. */
export function expectedRow(stripe: StripeTestServer, customer: string | null) {
  const sub = customer ? pickCurrent(stripe.subscriptionsOf(customer)) : null
  if (!sub) return { status: 'active', statusReason: null, planSlug: 'free', cancelAtPeriodEnd: false, pausedUntil: null, periodEnd: null }
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

async function divergences(world: World): Promise<string[]> {
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

let serial = 0

/** Runs one schedule on fresh users, then delivers what is left and compares. */
export async function runSchedule(stripe: StripeTestServer, client: AppClient, steps: Step[]): Promise<string[]> {
  stripe.reset()
  const now = DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)
  const users: User[] = []
  for (let i = 0; i < USERS; i++) {
    const [row] = await db
      .table('users')
      .insert({ email: `conv-${process.pid}-${++serial}-${Date.now()}@example.com`, role: 'user', email_verified: true, password: 'x', created_at: now, updated_at: now })
      .returning('id')
    users.push(await User.findOrFail(typeof row === 'object' ? row.id : row))
  }
  const world: World = { stripe, client, users, sessions: users.map(() => null), pending: [], eventIds: [] }
  try {
    for (const s of steps) await runStep(world, s)
    // Quiet: the provider delivers everything still pending (retries included), in any order.
    for (let round = 0; world.pending.length && round < 5; round++) {
      await deliver(world, world.pending.splice(0).reverse(), false)
    }
    return await divergences(world)
  } finally {
    for (let i = 0; i < world.eventIds.length; i += 500) {
      await BillingWebhookEvent.query().whereIn('event_id', world.eventIds.slice(i, i + 500)).delete()
    }
    await User.query().whereIn('id', users.map((u) => u.id)).delete()
  }
}
