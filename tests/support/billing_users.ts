import type { DateTime } from 'luxon'
import type UserSubscription from '#models/user_subscription'
import type User from '#models/user'
import { createUser } from '#tests/support/users'
import { PRICE_PRO, subscribeLocally } from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'
import type { ApiClient } from '@japa/api-client'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { api } from '#tests/support/http'

/**
 * A new user on pro whose subscription lives on the local Stripe server and in the local row
 * alike: same subscription id, customer, status, end-of-period cancel and period end.
 */
export async function subscribedUser(
  stripe: StripeTestServer,
  customer: string,
  options: {
    status?: UserSubscription['status']
    statusReason?: string
    cancelAtPeriodEnd?: boolean
    periodEnd?: DateTime
  } = {}
) {
  const user = await createUser()
  const sub = stripe.addSubscription({
    customer,
    priceId: PRICE_PRO,
    status: options.status,
    cancelAtPeriodEnd: options.cancelAtPeriodEnd,
    currentPeriodEnd: options.periodEnd ? Math.floor(options.periodEnd.toSeconds()) : undefined,
  })
  await subscribeLocally(user, { ...options, subscriptionId: sub.id, customerId: customer })
  return { user, sub }
}

/** A new user on a paid plan in the local row only: subscribeLocally(user, `options`). */
export async function locallySubscribedUser(options: Parameters<typeof subscribeLocally>[1] = {}) {
  const user = await createUser()
  await subscribeLocally(user, options)
  return user
}

/** POST /api/subscriptions/checkout for a monthly `plan`, as the pricing page sends it; not checked. */
export function startCheckout(client: ApiClient, user: User, plan = 'pro', billingInterval = 'month') {
  return api(client, user).post(urlFor('api.subscriptions.checkout'), { planSlug: plan, billingInterval })
}

/**
 * A new user who went through the real checkout path (the session completed at the local Stripe
 * server); the provider's events are handed back, not yet delivered.
 */
export async function checkedOutUser(client: ApiClient, stripe: StripeTestServer, plan: 'pro' | 'plus' = 'pro') {
  const user = await createUser()
  const response = await startCheckout(client, user, plan)
  response.assertStatus(200)
  const sub = stripe.completeCheckout(response.body().session_id)!
  await user.refresh()
  return { user, sub, events: stripe.takeEvents() }
}
