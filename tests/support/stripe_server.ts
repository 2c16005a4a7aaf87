/**
 * A local Stripe-compatible HTTP server for tests (ARCHITECTURE: outside services are real
 * clients against local servers). The real `stripe` SDK talks to it through STRIPE_API_URL.
 * It records every request (method, path, query, form body, Idempotency-Key), can fail the
 * next N requests (HTTP 500 or a dropped connection), replays the stored answer for a reused
 * Idempotency-Key with `Idempotent-Replayed: true` (as Stripe does), and answers the endpoints
 * billing uses with plausible JSON. Provider-side changes (checkout completion, renewals,
 * failed or 3-D Secure payments, cancel, pause) live in stripe_provider_changes.ts; every
 * change of a subscription emits the event Stripe would send into `outbox` (the tests deliver
 * them).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { ProviderChanges } from './stripe_provider_changes.js'
import { page, parseStripeForm, stripeEvent, stripeId } from './stripe_wire.js'

export { parseStripeForm, stripeEvent }

export type RecordedRequest = {
  method: string
  path: string
  query: Record<string, any>
  form: Record<string, any>
  rawBody: string
  contentType: string | undefined
  idempotencyKey: string | undefined
  replayed: boolean
  failed: boolean
}

type Failure = {
  remaining: number
  mode: 'status' | 'close'
  status: number
  match?: (req: { method: string; path: string }) => boolean
}

export class StripeTestServer extends ProviderChanges {
  server: Server | null = null
  url = ''
  requests: RecordedRequest[] = []
  failures: Failure[] = []
  /** Answers held back after the request was applied (a slow network on the way back). */
  delays: { remaining: number; ms: number; match?: Failure['match'] }[] = []
  paymentMethods = new Map<string, any[]>()
  /** Events listed by GET /v1/events (billing:reconcile); set by tests. */
  events: any[] = []
  previewAmount: number | null = null
  #idempotent = new Map<string, { status: number; body: any }>()

  async start() {
    this.server = createServer((req, res) => this.#handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    const { port } = this.server.address() as AddressInfo
    this.url = `http://127.0.0.1:${port}`
    return this
  }

  async stop() {
    if (!this.server) return
    this.server.closeAllConnections?.()
    await new Promise<void>((resolve) => this.server!.close(() => resolve()))
    this.server = null
  }

  reset() {
    this.resetModel()
    this.requests = []
    this.failures = []
    this.delays = []
    this.paymentMethods.clear()
    this.events = []
    this.previewAmount = null
    this.#idempotent.clear()
  }

  /** The next `count` matching requests fail (HTTP `status`, or a dropped connection). */
  failNext(count: number, options: { mode?: 'status' | 'close'; status?: number; match?: Failure['match'] } = {}) {
    this.failures.push({
      remaining: count,
      mode: options.mode ?? 'status',
      status: options.status ?? 500,
      match: options.match,
    })
  }

  /** The next `count` matching requests are applied at once but answered `ms` later. */
  delayNext(count: number, ms: number, match?: Failure['match']) {
    this.delays.push({ remaining: count, ms, match })
  }

  /** Requests that carried a body (writes), optionally filtered by path prefix. */
  writes(pathPrefix = '/v1/') {
    return this.requests.filter((r) => r.method === 'POST' && r.path.startsWith(pathPrefix))
  }

  /** Provider writes actually applied (failed requests and replays of an Idempotency-Key are not). */
  appliedWrites(pathPrefix = '/v1/') {
    return this.writes(pathPrefix).filter((r) => !r.replayed && !r.failed)
  }

  addCard(customer: string, card: Partial<{ brand: string; last4: string; exp_month: number; exp_year: number }> = {}) {
    const pm = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, ...card },
    }
    this.paymentMethods.set(customer, [pm, ...(this.paymentMethods.get(customer) ?? [])])
    return pm
  }

  #send(res: ServerResponse, status: number, body: any, replayed = false) {
    const text = JSON.stringify(body)
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Request-Id': stripeId('req') }
    if (replayed) headers['Idempotent-Replayed'] = 'true'
    res.writeHead(status, headers)
    res.end(text)
  }

  #error(status: number, message: string, type = 'invalid_request_error') {
    return { status, body: { error: { type, message } } }
  }

  #handle(req: IncomingMessage, res: ServerResponse) {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const url = new URL(req.url || '/', 'http://localhost')
      const method = (req.method || 'GET').toUpperCase()
      const path = url.pathname
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) || undefined
      const record: RecordedRequest = {
        method,
        path,
        query: parseStripeForm(url.search.slice(1)),
        form: parseStripeForm(raw),
        rawBody: raw,
        contentType: req.headers['content-type'],
        idempotencyKey,
        replayed: false,
        failed: false,
      }
      this.requests.push(record)

      const failure = this.failures.find((f) => f.remaining > 0 && (!f.match || f.match({ method, path })))
      if (failure) {
        failure.remaining--
        record.failed = true
        if (failure.mode === 'close') {
          req.socket.destroy()
          return
        }
        return this.#send(res, failure.status, { error: { type: 'api_error', message: 'Simulated provider failure' } })
      }

      // Stripe's idempotency: a reused key answers the first result, without a new write.
      const userKey = idempotencyKey && !idempotencyKey.startsWith('stripe-node-retry-') ? idempotencyKey : undefined
      if (method === 'POST' && userKey && this.#idempotent.has(userKey)) {
        record.replayed = true
        const stored = this.#idempotent.get(userKey)!
        return this.#send(res, stored.status, stored.body, true)
      }
      let result: { status: number; body: any }
      try {
        result = this.#route(method, path, record)
        // Answers are snapshots: a stored replay keeps the state of its first request.
        result = { status: result.status, body: JSON.parse(JSON.stringify(result.body)) }
      } catch (error) {
        result = this.#error(500, (error as Error).message, 'api_error')
      }
      if (method === 'POST' && userKey && result.status < 500) this.#idempotent.set(userKey, result)
      const delay = this.delays.find((d) => d.remaining > 0 && (!d.match || d.match({ method, path })))
      if (delay) {
        delay.remaining--
        setTimeout(() => this.#send(res, result.status, result.body), delay.ms)
        return
      }
      this.#send(res, result.status, result.body)
    })
  }

  #route(method: string, path: string, r: RecordedRequest): { status: number; body: any } {
    const ok = (body: any) => ({ status: 200, body })
    let m: RegExpMatchArray | null
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: stripeId('cus'),
        object: 'customer',
        email: r.form.email ?? null,
        metadata: r.form.metadata ?? {},
      }
      this.customers.set(customer.id, customer)
      return ok(customer)
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = `cs_test_${randomUUID().replace(/-/g, '')}`
      return ok(
        this.storeSession({
          id: sessionId,
          object: 'checkout.session',
          mode: r.form.mode,
          customer: r.form.customer ?? null,
          client_reference_id: r.form.client_reference_id ?? null,
          metadata: r.form.metadata ?? {},
          success_url: r.form.success_url,
          cancel_url: r.form.cancel_url,
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          status: 'open',
          payment_status: 'unpaid',
          line_items: r.form.line_items ?? [],
          subscription_data: r.form.subscription_data ?? null,
        })
      )
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return ok({
        id: stripeId('bps'),
        object: 'billing_portal.session',
        customer: r.form.customer,
        return_url: r.form.return_url,
        url: `https://billing.stripe.test/p/session/${stripeId('test')}`,
      })
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      const list = (this.paymentMethods.get(String(r.query.customer)) ?? []).filter(
        (pm) => !r.query.type || pm.type === r.query.type
      )
      return ok(page(list, r.query.limit, '/v1/payment_methods'))
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const list = this.invoices.get(String(r.query.customer)) ?? []
      return ok(page(list, r.query.limit, '/v1/invoices'))
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const sub = this.subscriptions.get(String(r.form.subscription))
      const newPrice = r.form.subscription_details?.items?.[0]?.price
      const amount = this.previewAmount ?? (newPrice && String(newPrice).includes('plus') ? 1000 : 0)
      return ok({
        object: 'invoice',
        amount_due: amount,
        currency: 'usd',
        subscription: sub?.id ?? null,
        lines: { object: 'list', data: [] },
      })
    }
    if (method === 'GET' && path === '/v1/events') {
      return ok({ object: 'list', data: this.events, has_more: false, url: '/v1/events' })
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const expand = ([] as string[]).concat(r.query.expand ?? []).map((e: string) => e.replace(/^data\./, ''))
      const list = this.subscriptionsOf(String(r.query.customer ?? ''))
        .filter(
          (sub) =>
            r.query.status === 'all' || (r.query.status ? sub.status === r.query.status : sub.status !== 'canceled')
        )
        .slice(0, Number(r.query.limit ?? 10))
        .map((sub) => this.render(sub, expand))
      return ok({ object: 'list', data: list, has_more: false, url: '/v1/subscriptions' })
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.subscriptions.get(m[1])
      if (!sub) return this.#error(404, `No such subscription: '${m[1]}'`)
      if (method === 'GET') return ok(this.render(sub, ([] as string[]).concat(r.query.expand ?? [])))
      if (method === 'POST') return ok(this.updateSubscription(sub, r.form))
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/subscription_items\/([^/]+)$/))) {
      const item = this.updateItem(m[1], r.form)
      if (!item) return this.#error(404, `No such subscription item: '${m[1]}'`)
      return ok(item)
    }
    return this.#error(404, `Unrecognized request URL (${method}: ${path})`)
  }
}
