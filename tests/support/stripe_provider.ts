/**
 * The provider side of the local Stripe-compatible server: customers, checkout sessions,
 * subscriptions, invoices, and the changes Stripe makes on its own (checkout completion,
 * renewals, failed or 3-D Secure payments, retries, cancel, pause). Every change of a
 * subscription or invoice emits the event Stripe would send into `outbox`; tests deliver them
 * (duplicated, reordered, delayed) to the app.
 */
import { randomUUID } from 'node:crypto'

const id = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 14)}`
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value))
const MONTH = 30 * 86400

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
    const event = {
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.now(),
      type,
      livemode: false,
      data: { object: copy(object) },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    }
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
    const out = copy(sub)
    delete out.seq
    if (expand.some((e) => e.startsWith('latest_invoice'))) out.latest_invoice = copy(this.invoice(sub.latest_invoice))
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
      id: options.id ?? id('sub'),
      object: 'subscription',
      customer: options.customer,
      status: options.status ?? 'active',
      cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
      pause_collection: null as any,
      metadata: { ...(options.userId !== undefined ? { user_id: String(options.userId) } : {}), ...options.metadata },
      created: this.now(),
      seq: this.subscriptions.size,
      latest_invoice: null as string | null,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
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
      id: id('in'),
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
    if (f.cancel_at_period_end !== undefined) sub.cancel_at_period_end = f.cancel_at_period_end === 'true'
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
      return { ...copy(item), subscription: sub.id }
    }
    return null
  }

  #newInvoice(sub: any, start: number, end: number, status: string, intent: string | null) {
    const amount = sub.items.data[0].price.unit_amount
    const invoice = this.addInvoice(sub.customer, {
      status,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      attempt_count: status === 'draft' ? 0 : 1,
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: copy(sub.metadata) },
      },
      lines: { object: 'list', data: [{ id: id('il'), period: { start, end }, subscription: sub.id }] },
      payments: {
        object: 'list',
        data: intent
          ? [
              {
                payment: {
                  type: 'payment_intent',
                  payment_intent: { id: id('pi'), object: 'payment_intent', status: intent },
                },
              },
            ]
          : [],
      },
    })
    sub.latest_invoice = invoice.id
    return invoice
  }

  #settle(sub: any, invoice: any, outcome: PaymentOutcome) {
    const intent = invoice.payments.data[0]?.payment?.payment_intent
    if (outcome === 'paid') {
      invoice.status = 'paid'
      invoice.amount_paid = invoice.amount_due
      if (intent) intent.status = 'succeeded'
      sub.status = 'active'
      return 'invoice.payment_succeeded'
    }
    invoice.status = 'open'
    if (intent) intent.status = outcome === 'failed' ? 'requires_payment_method' : 'requires_action'
    sub.status = 'past_due'
    return outcome === 'failed' ? 'invoice.payment_failed' : 'invoice.payment_action_required'
  }

  /** The customer pays a checkout session: the subscription, its first invoice, the events. */
  completeCheckout(sessionId: string) {
    const session = this.sessions.get(sessionId)
    if (!session || session.status !== 'open') return null
    const priceId = String(session.line_items?.[0]?.price)
    // Distinct period starts per customer, so each paid period has its own usage row.
    const start = this.now() + this.subscriptionsOf(session.customer).length
    const sub = this.addSubscription({
      customer: session.customer,
      priceId,
      currentPeriodStart: start,
      metadata: session.subscription_data?.metadata ?? session.metadata ?? {},
    })
    const invoice = this.#newInvoice(sub, start, start + MONTH, 'open', 'requires_payment_method')
    this.#settle(sub, invoice, 'paid')
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id })
    this.emit('customer.subscription.created', this.render(sub))
    this.emit('invoice.payment_succeeded', invoice)
    this.emit('checkout.session.completed', session)
    return sub
  }

  /** The period ends: cancel at period end, a draft invoice while paused, or a charge. */
  renew(subId: string, outcome: PaymentOutcome = 'paid') {
    const sub = this.subscriptions.get(subId)
    if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') return
    if (sub.cancel_at_period_end) return this.cancel(subId)
    const item = sub.items.data[0]
    const start = item.current_period_end
    item.current_period_start = start
    item.current_period_end = start + MONTH
    if (sub.pause_collection) {
      this.#newInvoice(sub, start, start + MONTH, 'draft', null)
      this.emit('customer.subscription.updated', this.render(sub))
      return
    }
    const invoice = this.#newInvoice(sub, start, start + MONTH, 'open', 'requires_payment_method')
    const type = this.#settle(sub, invoice, outcome)
    this.emit(type, invoice)
    this.emit('customer.subscription.updated', this.render(sub))
  }

  /** A retry of the open latest invoice (card updated, 3-D Secure completed or failed again). */
  retryPayment(subId: string, outcome: PaymentOutcome = 'paid') {
    const sub = this.subscriptions.get(subId)
    const invoice = sub ? this.invoice(sub.latest_invoice) : null
    if (!sub || !invoice || invoice.status !== 'open' || sub.status === 'canceled') return
    const before = sub.status
    invoice.attempt_count++
    this.emit(this.#settle(sub, invoice, outcome), invoice)
    if (sub.status !== before) this.emit('customer.subscription.updated', this.render(sub))
  }

  cancel(subId: string) {
    const sub = this.subscriptions.get(subId)
    if (!sub || sub.status === 'canceled') return
    sub.status = 'canceled'
    sub.cancel_at_period_end = false
    this.emit('customer.subscription.deleted', this.render(sub))
  }

  /** Collection paused or resumed from the Stripe dashboard. */
  pauseCollection(subId: string, resumesAt: number | null) {
    const sub = this.subscriptions.get(subId)
    if (!sub || sub.status === 'canceled') return
    sub.pause_collection = resumesAt ? { behavior: 'keep_as_draft', resumes_at: resumesAt } : null
    this.emit('customer.subscription.updated', this.render(sub))
  }

  /** Invoices of a customer that were paid (the periods a usage row must exist for). */
  paidPeriods(customer: string) {
    return (this.invoices.get(customer) ?? []).filter((i) => i.status === 'paid' && i.lines?.data?.[0]?.period).length
  }
}
