import { test } from '@japa/runner'
import { startCheckout } from '#tests/support/billing_users'
import { readdirSync, readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import UserSubscription from '#models/user_subscription'
import { StripeClient } from '#services/billing/stripe_client'
import { BillingSettings } from '#services/billing/billing_settings'
import { createUser } from '#tests/support/users'
import { subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { sendWebhook } from '#tests/support/billing_webhooks'
import type { StripeTestServer } from '#tests/support/stripe_server'

/**
 * Issue 24 item 3: a walk of one event from the controller to the row stays in the pipeline
 * and its handler, with no return into a file it has left. Measured, not described: the stack
 * (V8's async frames included) is taken where the provider is read and where the row is saved,
 * for each event kind, and the app files on it, outermost first, must never revisit a file.
 */
let stripe: StripeTestServer
const APP = app.makePath('app') + '/'

/** The app files on the current stack, outermost first, consecutive repeats merged. */
function walk(): string[] {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 200
  const stack = new Error().stack ?? ''
  Error.stackTraceLimit = limit
  const files = stack
    .split('\n')
    .map((line) =>
      /\((?:file:\/\/)?([^():]+\.tsx?):\d+:\d+\)|at (?:async )?(?:file:\/\/)?([^\s():]+\.tsx?):\d+:\d+/.exec(line)
    )
    .map((m) => m?.[1] ?? m?.[2])
    .filter((file): file is string => Boolean(file && file.startsWith(APP)))
    .map((file) => file.slice(APP.length))
    .reverse()
  const from = files.indexOf('controllers/api/billing_webhook_controller.ts')
  const merged: string[] = []
  for (const file of from >= 0 ? files.slice(from) : files) if (merged.at(-1) !== file) merged.push(file)
  return merged
}

const revisits = (files: string[]) => files.filter((file, i) => files.indexOf(file) !== i)

test.group('Billing webhooks / the walk of one event (issue 24)', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  const walks: { where: 'read' | 'save'; files: string[] }[] = []
  group.each.setup(async () => {
    walks.length = 0
    const hook = () => void walks.push({ where: 'save', files: walk() })
    UserSubscription.boot()
    UserSubscription.before('save', hook)
    const settings = await app.container.createResolver().make(BillingSettings)
    const real = new StripeClient(settings)
    class Watched extends StripeClient {
      get api() {
        const stripeApi = real.api
        const subscriptions = new Proxy(stripeApi.subscriptions, {
          get(target, key, receiver) {
            const value = Reflect.get(target, key, receiver)
            if (typeof value !== 'function') return value
            return (...args: unknown[]) => {
              if (key === 'list' || key === 'retrieve') walks.push({ where: 'read', files: walk() })
              return value.apply(target, args)
            }
          },
        })
        return new Proxy(stripeApi, {
          get: (target, key, receiver) =>
            key === 'subscriptions' ? subscriptions : Reflect.get(target, key, receiver),
        })
      }
    }
    app.container.swap(StripeClient, () => new Watched(settings))
    return () => {
      UserSubscription.$hooks.remove('before:save', hook)
      app.container.restore(StripeClient)
    }
  })

  test('events walk controller → pipeline → module → sync → row, never back', async ({ client, assert }) => {
    const user = await createUser()
    const checkout = await startCheckout(client, user, 'pro')
    checkout.assertStatus(200)
    const sub = stripe.completeCheckout(checkout.body().session_id)!
    stripe.renew(sub.id, 'failed')
    stripe.cancel(sub.id)
    const seen = new Set<string>()
    for (const event of stripe.takeEvents()) {
      walks.length = 0
      const delivered = await sendWebhook(event)
      assert.equal(delivered.status, 200, event.type)
      const module = walks.find((w) => w.files.some((f) => f.startsWith('services/billing/events/')))
      if (!module) continue
      seen.add(event.type)
      for (const { where, files } of walks) {
        assert.deepEqual(revisits(files), [], `${event.type} at the ${where}: ${files.join(' → ')}`)
        assert.deepEqual(
          files.slice(0, 2),
          ['controllers/api/billing_webhook_controller.ts', 'services/billing/webhook_service.ts'],
          `${event.type}: ${files.join(' → ')}`
        )
        if (where === 'save')
          assert.equal(files.at(-1), 'services/billing/subscription_writer.ts', `${event.type}: ${files.join(' → ')}`)
      }
      assert.isTrue(
        walks.some((w) => w.where === 'save'),
        `${event.type} reached the row`
      )
    }
    for (const type of [
      'checkout.session.completed',
      'invoice.payment_succeeded',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]) {
      assert.isTrue(seen.has(type), `walked ${type}`)
    }
    assert.equal((await subscriptionRow(user.id)).status, 'canceled')
  }).timeout(60000)

  test('a module only reads and hands back its writes: it imports nothing of the pipeline, the registry or another module', ({
    assert,
  }) => {
    const dir = app.makePath('app/services/billing/events')
    for (const name of readdirSync(dir).filter((n) => n !== 'registry.ts')) {
      const runtimeImports = [
        ...readFileSync(`${dir}/${name}`, 'utf8').matchAll(/^import (?!type )[^\n]* from '([^']+)'/gm),
      ].map((m) => m[1])
      const upward = runtimeImports.filter((from) => /webhook_service|webhook_queue|billing\/events\//.test(from))
      assert.deepEqual(upward, [], name)
      // One function applies the event: it takes the event and, at most, the injected subscription sync;
      // nothing of the pipeline (no transaction, no claim).
      assert.match(
        readFileSync(`${dir}/${name}`, 'utf8'),
        /export async function apply\(event: Stripe\.Event(, sync: SubscriptionEventSync)?\): Promise<Effects>/,
        name
      )
    }
  })
})
