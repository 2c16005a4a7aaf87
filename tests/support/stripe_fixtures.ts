/*
| Webhook events built from Stripe's published fixture objects (tests/fixtures/stripe, see
| SOURCE.md there): the newest published shape (`current`) and the last one before the
| 2025-03-31 "basil" changes (`acacia`). Only ids, metadata, customer, price and the event's
| `created` are patched; every other field keeps the fixture's value, placeholders included
| (inverted item periods, `cancel_at` in 2009, a payment-mode checkout, `plan.id` "obj_123").
*/
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { stripeId, wireCopy } from '#tests/support/stripe_wire'
import { unixNow } from '#tests/support/billing_webhooks'

export type Shape = 'current' | 'acacia'
export const SHAPES: Shape[] = ['current', 'acacia']

type Resource = 'event' | 'customer' | 'deleted_customer' | 'checkout.session' | 'subscription' | 'invoice'

const loaded = new Map<Shape, Record<Resource, any>>()

/** A deep copy of one fixture object of `shape`. */
export function fixture(shape: Shape, resource: Resource): any {
  if (!loaded.has(shape))
    loaded.set(shape, JSON.parse(readFileSync(app.makePath('tests/fixtures/stripe', `${shape}.json`), 'utf8')))
  return wireCopy(loaded.get(shape)![resource])
}

/** The fixture's event envelope around `object` (new id; `created` now unless given). */
export function fixtureEvent(
  shape: Shape,
  type: string,
  object: any,
  options: { created?: number; previous?: Record<string, unknown> } = {}
) {
  const event = fixture(shape, 'event')
  event.id = stripeId('evt')
  event.type = type
  event.created = options.created ?? unixNow()
  event.data = { object }
  if (options.previous) event.data.previous_attributes = options.previous
  return event
}

export type Refs = { subscriptionId: string; customerId: string; userId?: number | string | null }

/** The fixture subscription pointed at a subscription, customer, price and (optionally) user. */
export function fixtureSubscription(
  shape: Shape,
  refs: Refs & { priceId: string; status?: string; metadata?: Record<string, string> }
) {
  const sub = fixture(shape, 'subscription')
  sub.id = refs.subscriptionId
  sub.customer = refs.customerId
  if (refs.status) sub.status = refs.status
  sub.metadata = refs.metadata ?? (refs.userId ? { user_id: String(refs.userId) } : {})
  for (const item of sub.items.data) {
    item.id = stripeId('si')
    item.subscription = refs.subscriptionId
    item.price.id = refs.priceId
    if (item.plan) item.plan.id = refs.priceId
  }
  sub.items.url = `/v1/subscription_items?subscription=${refs.subscriptionId}`
  return sub
}

/**
 * The fixture invoice of a subscription: the current shape names it in
 * `parent.subscription_details` (and its lines' parents), the acacia shape in `subscription`.
 */
export function fixtureInvoice(shape: Shape, refs: Refs & { metadata?: Record<string, string> | null }) {
  const invoice = fixture(shape, 'invoice')
  invoice.id = stripeId('in')
  invoice.customer = refs.customerId
  const metadata = refs.metadata ?? (refs.userId ? { user_id: String(refs.userId) } : null)
  if (shape === 'current') {
    invoice.parent.subscription_details.subscription = refs.subscriptionId
    invoice.parent.subscription_details.metadata = metadata
    for (const line of invoice.lines.data) {
      line.invoice = invoice.id
      line.parent.subscription_item_details.subscription = refs.subscriptionId
      line.parent.subscription_item_details.subscription_item = stripeId('si')
    }
  } else {
    invoice.subscription = refs.subscriptionId
    invoice.subscription_details = { metadata }
    for (const line of invoice.lines.data) {
      line.invoice = invoice.id
      line.subscription = refs.subscriptionId
    }
  }
  invoice.lines.url = `/v1/invoices/${invoice.id}/lines`
  return invoice
}

/**
 * The fixture checkout session completed for a subscription, as our checkout creates it:
 * subscription mode, paid, the user in `client_reference_id` and `metadata` (plus `plan_slug`
 * when given).
 */
export function fixtureCheckoutSession(shape: Shape, refs: Refs & { planSlug?: string }) {
  const session = fixture(shape, 'checkout.session')
  session.mode = 'subscription'
  session.status = 'complete'
  session.payment_status = 'paid'
  session.payment_intent = null
  session.subscription = refs.subscriptionId
  session.customer = refs.customerId
  session.client_reference_id = refs.userId ? String(refs.userId) : null
  session.metadata = {
    ...(refs.userId ? { user_id: String(refs.userId) } : {}),
    ...(refs.planSlug ? { plan_slug: refs.planSlug } : {}),
  }
  return session
}

/** The fixture customer with `id` (a `customer.deleted` object keeps the full customer). */
export function fixtureCustomer(shape: Shape, id: string) {
  const customer = fixture(shape, 'customer')
  customer.id = id
  return customer
}
