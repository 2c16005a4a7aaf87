/**
 * Model-based convergence check of billing (issues 15 and 24): random schedules of what users
 * and Stripe do (billing_convergence_steps.ts), run against the local Stripe-compatible server
 * and the real app. Webhooks are delivered duplicated, reordered, delayed, late and partly
 * concurrently, from a provider whose clock is skewed from the app's; Stripe changes state with
 * no event delivered; reads fail and succeed on retry. When the provider is quiet every local
 * row must equal the docs/rules/billing.md#mutations mapping of what the provider holds, and the usage rows
 * must equal the paid periods (billing_convergence_check.ts). Used by
 * tests/functional/billing/convergence.spec.ts and by `npm run bench billing_convergence`.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import BillingWebhookEvent from '#models/billing_webhook_event'
import { idOf, pickCurrent } from '#services/billing/subscription_sync'
import { bareUserRow } from '#tests/support/user_rows'
import { sendWebhook } from '#tests/support/billing_webhooks'
import { divergences } from '#tests/support/billing_convergence_check'
import type { StripeTestServer } from '#tests/support/stripe_server'

import { USERS, type Step } from '#tests/support/billing_convergence_steps'

/** The HTTP client the schedule acts through (Japa's ApiClient in tests). */
export type AppClient = {
  post(url: string, user: User, body?: object): Promise<{ status: number; body: any }>
  patch(url: string, user: User, body?: object): Promise<{ status: number; body: any }>
}

/** `pending`: events the provider still delivers, in any order; `late`: only once all else is quiet. */
type World = {
  stripe: StripeTestServer
  client: AppClient
  users: User[]
  sessions: (string | null)[]
  pending: any[]
  late: any[]
  eventIds: string[]
}

/** A tiny deterministic PRNG for the delivery order (the schedule carries its seed). */
function prng(seed: number) {
  let a = seed >>> 0 || 1
  return () => (a = (a * 1664525 + 1013904223) >>> 0) / 2 ** 32
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
      const response = await world.client.post('/api/subscriptions/checkout-session', who, {
        planSlug: s.plan,
        billingInterval: 'month',
      })
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
        if (i > 0 && i === s.pattern.length - 1 && s.pauseMs)
          await new Promise((resolve) => setTimeout(resolve, s.pauseMs))
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

const customerOf = (event: any) => idOf(event?.data?.object?.customer)

/**
 * A change made at Stripe with no event delivered for it: its events are dropped (never sent;
 * a paid invoice's event is kept, since only it creates the usage row) or kept for the very
 * end. Then the user's events created before the change arrive; only reading the provider
 * can bring the row to the change.
 */
async function silentChange(world: World, s: Extract<Step, { t: 'silent' }>) {
  const stripe = world.stripe
  const sub = liveSub(world, s.u)
  if (!sub) return
  const periodEnd = sub.items.data[0].current_period_end
  if (s.change === 'renewFailed') stripe.renew(sub.id, 'failed')
  else if (s.change === 'retryPaid') stripe.retryPayment(sub.id, 'paid')
  else if (s.change === 'cancel') stripe.cancel(sub.id)
  else if (sub.status === 'active') stripe.pauseCollection(sub.id, s.change === 'pause' ? periodEnd + 30 * 86400 : null)
  const emitted = stripe.takeEvents()
  world.eventIds.push(...emitted.map((e) => e.id))
  const customer = world.users[s.u].paymentCustomerId
  const older = world.pending.filter((e) => customerOf(e) === customer)
  for (const event of emitted) {
    if (!(s.drop && older.length && event.type !== 'invoice.payment_succeeded')) world.late.push(event)
  }
  world.pending = world.pending.filter((e) => !older.includes(e))
  await deliver(world, older, false)
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
      if (sub && sub.status === 'active')
        stripe.pauseCollection(sub.id, s.on ? sub.items.data[0].current_period_end + 30 * 86400 : null)
      break
    }
    case 'deliver': {
      const random = prng(s.seed)
      const picked: any[] = []
      for (let i = 0; i < s.count && world.pending.length; i++)
        picked.push(world.pending.splice(Math.floor(random() * world.pending.length), 1)[0])
      const batch = s.duplicate ? [...picked, ...picked.filter(() => random() < 0.5)] : picked
      const mutation = s.withMutation
        ? mutate(world, { t: 'autoRenew', u: Math.floor(random() * USERS), enabled: random() < 0.5, double: false })
        : null
      await Promise.all([deliver(world, batch, s.concurrent), mutation])
      break
    }
    case 'tick':
      await new Promise((resolve) => setTimeout(resolve, 350))
      break
    case 'clock':
      stripe.clockOffset = s.skew - s.late
      break
    case 'silent':
      await silentChange(world, s)
      break
    case 'hold': {
      const random = prng(s.seed)
      for (let i = 0; i < s.count && world.pending.length; i++)
        world.late.push(world.pending.splice(Math.floor(random() * world.pending.length), 1)[0])
      break
    }
    case 'readFaults':
      // The next subscription reads fail (HTTP 500 or a dropped connection), then succeed on retry.
      stripe.failNext(s.count, {
        mode: s.mode,
        match: (r) => r.method === 'GET' && r.path.startsWith('/v1/subscriptions'),
      })
      break
    default:
      await mutate(world, s)
  }
  collect()
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
      .insert(bareUserRow(`conv-${process.pid}-${++serial}-${Date.now()}@example.com`, now))
      .returning('id')
    users.push(await User.findOrFail(typeof row === 'object' ? row.id : row))
  }
  const world: World = { stripe, client, users, sessions: users.map(() => null), pending: [], late: [], eventIds: [] }
  try {
    for (const s of steps) await runStep(world, s)
    // Quiet: the provider delivers everything still pending (retries included), in any order.
    for (let round = 0; world.pending.length && round < 5; round++) {
      await deliver(world, world.pending.splice(0).reverse(), false)
    }
    // Then the late ones, created before much of what was already delivered.
    for (let round = 0; (world.late.length || world.pending.length) && round < 5; round++) {
      await deliver(world, [...world.late.splice(0), ...world.pending.splice(0)], false)
    }
    return await divergences(world)
  } finally {
    for (let i = 0; i < world.eventIds.length; i += 500) {
      await BillingWebhookEvent.query()
        .whereIn('event_id', world.eventIds.slice(i, i + 500))
        .delete()
    }
    await User.query()
      .whereIn(
        'id',
        users.map((u) => u.id)
      )
      .delete()
  }
}
