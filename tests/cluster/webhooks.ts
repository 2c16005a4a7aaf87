import { setTimeout as sleep } from 'node:timers/promises'
import Stripe from 'stripe'
import { shared } from './shared.js'

/** The cluster's STRIPE_WEBHOOK_SECRET (scripts/cluster.js). */
const WEBHOOK_SECRET = 'whsec_cluster_secret'

export function signed(event: object) {
  const payload = JSON.stringify(event)
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) }
}

export function invoiceEvent(id: string) {
  return {
    id,
    object: 'event',
    type: 'invoice.payment_succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `in_${id}`, object: 'invoice', customer: 'cus_cluster' } },
  }
}

/** One signed delivery to one address; its status. */
export async function post(url: string, event: object) {
  const { payload, signature } = signed(event)
  const response = await fetch(`${url}/api/billing/payment/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
    signal: AbortSignal.timeout(10_000),
  })
  return response.status
}

/** The provider: deliver until a 2xx, retrying errors, 5xx and refused connections. */
export async function deliver(url: string, event: object) {
  for (let attempt = 1; attempt <= 40; attempt++) {
    try {
      const status = await post(url, event)
      if (status >= 200 && status < 300) return attempt
    } catch {}
    await sleep(250)
  }
  throw new Error('delivery never succeeded')
}

/** Waits until every event is `processed` (or the time is up; the caller asserts). */
export async function waitProcessed(ids: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const [{ n }] = await shared.query(
      `SELECT count(*)::int AS n FROM billing_webhook_events WHERE event_id = ANY($1) AND status = 'processed'`,
      [ids]
    )
    if (n === ids.length) return
    await sleep(300)
  }
}
