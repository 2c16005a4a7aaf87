/*
| Webhook deliveries as the provider makes them: signed with the test secret, posted raw to the
| app under test, one event or a batch in order.
*/
import Stripe from 'stripe'
import { stripeEvent } from '#tests/support/stripe_wire'
import { testServerUrl } from '#tests/support/test_run'

export const WEBHOOK_SECRET = 'whsec_test_billing_secret'

const signer = new Stripe('sk_test_signer')

/** The time in whole seconds, as Stripe stamps events and periods. */
export const unixNow = () => Math.floor(Date.now() / 1000)

export { stripeEvent }

/** Sends a signed webhook delivery exactly like the provider (raw JSON body + Stripe-Signature). */
export async function sendWebhook(
  event: any,
  options: { secret?: string; tamper?: boolean; timestamp?: number; signature?: string } = {}
) {
  const payload = JSON.stringify(event)
  const signature =
    options.signature ??
    signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp,
    })
  const body = options.tamper ? payload.replace('"type":"', '"type":"x') : payload
  const response = await fetch(`${testServerUrl()}/api/billing/payment/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
    body,
  })
  const text = await response.text()
  let json: any = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: response.status, body: json }
}

/** Delivers each event as the provider would, in order; any answer but 200 fails the test. */
export async function deliverEvents(events: any[]) {
  for (const event of events) {
    const response = await sendWebhook(event)
    if (response.status !== 200) throw new Error(`${event.type}: ${response.status} ${JSON.stringify(response.body)}`)
  }
}

/** Every Stripe subscription status and the local status it maps to (docs/rules/billing.md#mutations). */
export const PROVIDER_STATUSES: [string, string][] = [
  ['active', 'active'],
  ['trialing', 'active'],
  ['past_due', 'past_due'],
  ['unpaid', 'past_due'],
  ['incomplete', 'past_due'],
  ['canceled', 'canceled'],
  ['incomplete_expired', 'expired'],
  ['paused', 'expired'],
]
