/*
| Stripe's wire format, shared by the local Stripe-compatible server (stripe_server.ts), its
| provider model (stripe_provider.ts) and the tests: ids, the bracket form encoding, list
| objects and the event envelope.
*/
import { randomUUID } from 'node:crypto'

/** A Stripe-looking id: `prefix_` and 14 random hex characters. */
export const stripeId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 14)}`

/** A deep copy through JSON, as an object looks once it has crossed the wire. */
export const wireCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value))

/** Parses Stripe's bracket form encoding (a[b][0][c]=d) into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, any> {
  const out: Record<string, any> = {}
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '')
    let node: any = out
    parts.forEach((part, index) => {
      const last = index === parts.length - 1
      const nextIsIndex = !last && /^\d+$/.test(parts[index + 1])
      const key: string | number = Array.isArray(node) ? Number(part) : part
      if (last) {
        node[key] = value
      } else {
        if (node[key] === undefined) node[key] = nextIsIndex ? [] : {}
        node = node[key]
      }
    })
  }
  return out
}

/** A Stripe list object: the first `limit` items (10 by default), no further page. */
export function page(items: unknown[], limit: unknown, url: string) {
  return { object: 'list', data: items.slice(0, Number(limit ?? 10)), has_more: false, url }
}

/** A Stripe event envelope. */
export function stripeEvent(
  type: string,
  object: any,
  options: { id?: string; created?: number; livemode?: boolean | null } = {}
) {
  const event: any = {
    id: options.id ?? `evt_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? Math.floor(Date.now() / 1000),
    type,
    data: { object },
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  }
  if (options.livemode !== null) event.livemode = options.livemode ?? false
  return event
}
