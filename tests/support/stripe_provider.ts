/**
 * The provider side of the local Stripe-compatible server: customers, checkout sessions,
 * subscriptions, invoices, and the changes Stripe makes on its own (checkout completion,
 * renewals, failed or 3-D Secure payments, retries, cancel, pause: stripe_provider_changes.ts).
 * Every change of a subscription or invoice emits the event Stripe would send into `outbox`;
 * tests deliver them (duplicated, reordered, delayed) to the app.
 */
import { stripeEvent, stripeId, wireCopy } from './stripe_wire.js'

export const MONTH = 30 * 86400

export type PaymentOutcome = 'paid' | 'failed' | 'action_required'

export class ProviderModel {
  customers = new Map<string, any>()
  subscriptions = new Map<string, any>()
  invoices = new Map<string, any[]>()
  sessions = new Map<string, any>()
  /** Price id → unit amount (unknown ids: 2000 when the id mentions plus, else 1000). */
  prices = new Map<string, number>()
  /** Events emitted by provider changes, oldest first (tests take and deliver them). */
  outbox: any[] = []
  /**
   * Seconds the provider's clock runs ahead of the app's (negative: behind). Every stamp the
   * provider writes (event `created`, subscription and invoice `created`, periods) uses it.
   */
  clockOffset = 0

  /** The provider's clock, unix seconds. */
  now() {
    return Math.floor(Date.now() / 1000) + this.clockOffset
  }

  resetModel() {
    this.customers.clear()
    this.subscriptions.clear()
    this.invoices.clear()
    this.sessions.clear()
    this.prices.clear()
    this.outbox = []
    this.clockOffset = 0
  }

  /** Takes the emitted events out of the outbox. */
  takeEvents() {
    const events = this.outbox
    this.outbox = []
    return events
  }

  emit(type: string, object: any) {
    const event = stripeEvent(type, wireCopy(object), { created: this.now() })
    this.outbox.push(event)
    return event
  }

  price(priceId: string) {
    const amount = this.prices.get(priceId) ?? (priceId.includes('plus') ? 2000 : 1000)
    return { id: priceId, object: 'price', unit_amount: amount, currency: 'usd', recurring: { interval: 'month' } }
  }

  storeSession(session: any) {
    this.sessions.set(session.id, session)
    return session
  }

  subscriptionsOf(customer: string) {
    return [...this.subscriptions.values()]
      .filter((s) => s.customer === customer)
      .sort((a, b) => b.created - a.created || (b.seq ?? 0) - (a.seq ?? 0))
  }

  invoice(invoiceId: string | null) {
    if (!invoiceId) return null
    for (const list of this.invoices.values()) {
      const found = list.find((i) => i.id === invoiceId)
      if (found) return found
    }
    return null
  }

  /** A subscription as the API answers it; `latest_invoice` expanded when asked. */
  render(sub: any, expand: string[] = []) {
    const out = wireCopy(sub)
    delete out.seq
    if (expand.some((e) => e.startsWith('latest_invoice')))
      out.latest_invoice = wireCopy(this.invoice(sub.latest_invoice))
    return out
  }

  /** A subscription object in the shape of the pinned API version (period on the item). No event. */
  addSubscription(options: {
    id?: string
    customer: string
    priceId: string
    status?: string
    currentPeriodStart?: number
    currentPeriodEnd?: number
    cancelAtPeriodEnd?: boolean
    userId?: string | number
    amount?: number
    metadata?: Record<string, string>
  }) {
    const start = options.currentPeriodStart ?? this.now() - 86400
    const end = options.currentPeriodEnd ?? start + MONTH
    const price = this.price(options.priceId)
    if (options.amount !== undefined) price.unit_amount = options.amount
    const sub = {
      id: options.id ?? stripeId('sub'),
      object: 'subscription',
      customer: options.customer,
      status: options.status ?? 'active',
      cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
      cancel_at: (options.cancelAtPeriodEnd ? end : null) as number | null,
      pause_collection: null as any,
      metadata: { ...(options.userId !== undefined ? { user_id: String(options.userId) } : {}), ...options.metadata },
      created: this.now(),
      seq: this.subscriptions.size,
      latest_invoice: null as string | null,
      items: {
        object: 'list',
        data: [
          {
            id: stripeId('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: end,
            price,
            quantity: 1,
          },
        ],
      },
    }
    this.subscriptions.set(sub.id, sub)
    return sub
  }

  addInvoice(customer: string, overrides: Record<string, any> = {}) {
    const invoice = {
      id: stripeId('in'),
      object: 'invoice',
      number: `INV-${Math.floor(Math.random() * 100000)}`,
      status: 'paid',
      currency: 'usd',
      amount_due: 1000,
      amount_paid: 1000,
      attempt_count: 1,
      created: this.now(),
      hosted_invoice_url: 'https://invoice.stripe.test/i/abc',
      customer,
      ...overrides,
    }
    this.invoices.set(customer, [invoice, ...(this.invoices.get(customer) ?? [])])
    return invoice
  }

  /** POST /v1/subscriptions/:id */
  updateSubscription(sub: any, f: Record<string, any>) {
    // As Stripe: the period-end flag sets cancel_at to the period's end, and false clears any
    // scheduled cancel, one set by date included.
    if (f.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = f.cancel_at_period_end === 'true'
      sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null
    }
    if (f.cancel_at !== undefined) {
      sub.cancel_at = f.cancel_at === '' ? null : Number(f.cancel_at)
      sub.cancel_at_period_end = false
    }
    if (f.pause_collection !== undefined) {
      sub.pause_collection =
        f.pause_collection === ''
          ? null
          : {
              behavior: f.pause_collection.behavior,
              resumes_at: f.pause_collection.resumes_at ? Number(f.pause_collection.resumes_at) : null,
            }
    }
    if (f.metadata) sub.metadata = { ...sub.metadata, ...f.metadata }
    if (Array.isArray(f.items)) {
      for (const item of f.items) {
        const existing = sub.items.data.find((i: any) => i.id === item.id) ?? sub.items.data[0]
        if (item.price) existing.price = this.price(String(item.price))
      }
    }
    this.emit('customer.subscription.updated', this.render(sub))
    return this.render(sub)
  }

  /** POST /v1/subscription_items/:id (price swap; prorations are not modelled). */
  updateItem(itemId: string, f: Record<string, any>) {
    for (const sub of this.subscriptions.values()) {
      const item = sub.items.data.find((i: any) => i.id === itemId)
      if (!item) continue
      if (f.price) item.price = this.price(String(f.price))
      this.emit('customer.subscription.updated', this.render(sub))
      return { ...wireCopy(item), subscription: sub.id }
    }
    return null
  }
}
