/**
 * The changes Stripe makes on its own, on top of the provider model: checkout completion,
 * renewals, failed or 3-D Secure payments, retries, cancel and pause from the dashboard. Each
 * emits the events Stripe would send.
 */
import { MONTH, ProviderModel, type PaymentOutcome } from './stripe_provider.js'
import { stripeId, wireCopy } from './stripe_wire.js'

export class ProviderChanges extends ProviderModel {
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
        subscription_details: { subscription: sub.id, metadata: wireCopy(sub.metadata) },
      },
      lines: { object: 'list', data: [{ id: stripeId('il'), period: { start, end }, subscription: sub.id }] },
      payments: {
        object: 'list',
        data: intent
          ? [
              {
                payment: {
                  type: 'payment_intent',
                  payment_intent: { id: stripeId('pi'), object: 'payment_intent', status: intent },
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
