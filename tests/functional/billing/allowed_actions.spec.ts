import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import UserSubscription from '#models/user_subscription'
import { createUser } from '#tests/support/users'
import { PRICE_PRO, subscribeLocally, withStripeGroup } from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

/**
 * docs/rules/billing.md#mutations, issue 24 item 4: the subscription view carries `allowedActions`
 * (docs/rules/billing.md#mutations UI policy table, written once on the server), each `{ allowed, reason }`. An
 * action it allows is one the mutation endpoint carries out (200); one it refuses comes with a reason to read.
 */
let stripe: StripeTestServer
const ACTIONS = ['changePlan', 'autoRenew', 'pause', 'resume'] as const
type Action = (typeof ACTIONS)[number]

type Case = {
  name: string
  local?: Parameters<typeof subscribeLocally>[1] | 'free'
  allowed: Action[]
  reasons?: Partial<Record<Action, RegExp>>
}

const later = () => DateTime.utc().plus({ days: 40 }).startOf('second')
const CASES: Case[] = [
  { name: 'active', local: {}, allowed: ['changePlan', 'autoRenew', 'pause'], reasons: { resume: /not paused/ } },
  {
    name: 'ending',
    local: { cancelAtPeriodEnd: true },
    allowed: ['autoRenew'],
    reasons: { changePlan: /auto-renew back on/, pause: /auto-renew back on/ },
  },
  {
    name: 'paused',
    local: { pausedUntil: later() },
    allowed: ['autoRenew', 'resume'],
    reasons: { changePlan: /Resume/, pause: /already paused/ },
  },
  {
    name: 'past_due',
    local: { status: 'past_due' },
    allowed: [],
    reasons: {
      changePlan: /^Resolve payment first$/,
      autoRenew: /^Resolve payment first$/,
      pause: /^Resolve payment first$/,
    },
  },
  { name: 'past_due and ending', local: { status: 'past_due', cancelAtPeriodEnd: true }, allowed: ['autoRenew'] },
  { name: 'canceled', local: { status: 'canceled' }, allowed: [], reasons: { changePlan: /pricing/ } },
  { name: 'expired', local: { status: 'expired' }, allowed: [], reasons: { pause: /pricing/ } },
  { name: 'free', local: 'free', allowed: [], reasons: { changePlan: /free plan/ } },
  {
    name: 'demo (paid, no provider subscription)',
    local: { subscriptionId: '' },
    allowed: [],
    reasons: { pause: /demo/ },
  },
]

async function userIn(c: Case) {
  const user = await createUser()
  if (c.local === 'free' || !c.local) return user
  const customer = `cus_aa_${user.id}`
  const demo = c.local.subscriptionId === ''
  const sub = demo
    ? null
    : stripe.addSubscription({
        customer,
        priceId: PRICE_PRO,
        status: c.local.status === 'past_due' ? 'past_due' : (c.local.status ?? 'active'),
        cancelAtPeriodEnd: c.local.cancelAtPeriodEnd,
      })
  if (sub && c.local.pausedUntil)
    sub.pause_collection = { behavior: 'keep_as_draft', resumes_at: Math.floor(c.local.pausedUntil.toSeconds()) }
  await subscribeLocally(user, { ...c.local, customerId: customer, subscriptionId: sub?.id ?? undefined })
  if (demo) await UserSubscription.query().where('user_id', user.id).update({ payment_subscription_id: null })
  return user
}

function call(client: any, action: Action, view: any) {
  switch (action) {
    case 'changePlan':
      return client
        .post(urlFor('api.subscriptions.change_plan'))
        .json({ planSlug: view.planSlug === 'plus' ? 'pro' : 'plus' })
    case 'autoRenew':
      return client.patch(urlFor('api.subscriptions.auto_renew')).json({ enabled: view.cancelAtPeriodEnd })
    case 'pause':
      return client.post(urlFor('api.subscriptions.pause'))
    case 'resume':
      return client.post(urlFor('api.subscriptions.resume'))
  }
}

test.group('Billing / allowedActions in the subscription view (CONTRACT 15)', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  for (const c of CASES) {
    test(`${c.name}: the view says what may be done and why; the endpoint agrees`, async ({ client, assert }) => {
      const user = await userIn(c)
      const view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.sameMembers(Object.keys(view.allowedActions), [...ACTIONS])
      for (const action of ACTIONS) {
        const entry = view.allowedActions[action]
        assert.deepEqual(Object.keys(entry).sort(), ['allowed', 'reason'])
        assert.equal(entry.allowed, c.allowed.includes(action), `${action} allowed`)
        if (entry.allowed) assert.isNull(entry.reason, `${action} has no reason when allowed`)
        else assert.isNotEmpty(entry.reason, `${action} says why not`)
        if (c.reasons?.[action]) assert.match(entry.reason, c.reasons[action]!)
      }
      // Each allowed action, from the same starting state, is carried out.
      for (const action of c.allowed) {
        const fresh = await userIn(c)
        const before = (await client.get(urlFor('api.subscriptions.show')).loginAs(fresh)).body()
        const response = await call(client, action, before).withCsrfToken().loginAs(fresh)
        assert.equal(
          response.status(),
          200,
          `${c.name}: ${action} answered ${response.status()} ${JSON.stringify(response.body())}`
        )
      }
    }).timeout(30000)
  }
})
