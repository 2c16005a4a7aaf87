import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { createUser } from '#tests/support/users'
import { PRICE_PRO, subscribeLocally, withStripeGroup } from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { BrowserContext, Page } from 'playwright'
import type { Assert } from '@japa/assert'
import { visitSignedIn } from '#tests/support/browser_session'

let stripe: StripeTestServer

type Subscription = Parameters<typeof subscribeLocally>[1]

/** A new user with this local subscription, signed in on `url` (the billing settings by default), hydrated. */
async function subscriberOn(browserContext: BrowserContext, subscription: Subscription, url?: string) {
  const user = await createUser()
  await subscribeLocally(user, subscription)
  return visitSignedIn(browserContext, user, url ?? urlFor('pages.settings.billing'))
}

type StateRow = {
  title: string
  subscription: Subscription
  pill: string
  expect: (c: Controls, page: Page, assert: Assert) => Promise<void>
}
type Controls = Awaited<ReturnType<typeof controls>>

async function controls(page: Page) {
  const read = async (selector: string) => {
    const el = page.locator(selector).first()
    if ((await el.count()) === 0) return null
    return { ariaDisabled: await el.getAttribute('aria-disabled'), title: await el.getAttribute('title') }
  }
  return {
    planChange: await read('[data-testid="change-plan-plus"]'),
    autoRenew: await read('[data-testid="auto-renew-switch"]'),
    pause: await read('[data-testid="pause-button"]'),
    resume: await read('[data-testid="resume-button"]'),
  }
}

test.group('Browser / billing settings UI policy (SPEC D)', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  /** Per state: the status pill, then what each control says (disabled ones with their reason as title). */
  const states: StateRow[] = [
    {
      title: 'active ending: plan change and pause disabled with a title, auto-renew allowed',
      subscription: { cancelAtPeriodEnd: true },
      pill: 'Ending',
      expect: async (c, _page, assert) => {
        assert.equal(c.planChange!.ariaDisabled, 'true')
        assert.isNotEmpty(c.planChange!.title)
        assert.equal(c.pause!.ariaDisabled, 'true')
        assert.isNull(c.autoRenew!.ariaDisabled)
      },
    },
    {
      title: 'past_due: everything disabled with "Resolve payment first"; dunning banner with card copy',
      subscription: { status: 'past_due', statusReason: 'payment_failed' },
      pill: 'Past due',
      expect: async (c, page, assert) => {
        for (const control of [c.planChange, c.autoRenew, c.pause]) {
          assert.equal(control!.ariaDisabled, 'true')
          assert.equal(control!.title, 'Resolve payment first')
        }
        await page.assertTextContains('[data-testid="dunning-banner"]', 'Update card')
      },
    },
    {
      title: 'paused: plan change disabled, auto-renew allowed, Resume shown',
      subscription: { pausedUntil: DateTime.utc().plus({ days: 40 }).startOf('second') },
      pill: 'Paused',
      expect: async (c, _page, assert) => {
        assert.equal(c.planChange!.ariaDisabled, 'true')
        assert.isNull(c.autoRenew!.ariaDisabled)
        assert.isNull(c.pause)
        assert.isNotNull(c.resume)
      },
    },
    {
      title: 'canceled: everything disabled, re-subscribe from /pricing',
      subscription: { status: 'canceled' },
      pill: 'Canceled',
      expect: async (c, page, assert) => {
        for (const control of [c.planChange, c.autoRenew, c.pause]) assert.equal(control!.ariaDisabled, 'true')
        assert.match(c.planChange!.title!, /pricing/i)
        assert.equal(await page.locator('a[href="/pricing"]', { hasText: 'Re-subscribe' }).count(), 1)
      },
    },
  ]

  test('{title}')
    .with(states)
    .run(async ({ browserContext, assert }, row) => {
      const page = await subscriberOn(browserContext, row.subscription)
      await page.assertTextContains('[data-testid="status-pill"]', row.pill)
      await row.expect(await controls(page), page, assert)
    })

  test('active, cancel_at_period_end=false: plan change, auto-renew and pause allowed', async ({
    browserContext,
    assert,
  }) => {
    const sub = stripe.addSubscription({ customer: 'cus_b1', priceId: PRICE_PRO })
    stripe.addInvoice('cus_b1', { number: 'INV-EUR', currency: 'eur', amount_paid: 1999, amount_due: 1999 })
    stripe.addInvoice('cus_b1', { number: 'INV-NOLINK', hosted_invoice_url: null })
    const page = await subscriberOn(browserContext, { subscriptionId: sub.id, customerId: 'cus_b1' })
    await page.assertTextContains('[data-testid="status-pill"]', 'Active')
    const c = await controls(page)
    assert.isNull(c.planChange!.ariaDisabled)
    assert.isNull(c.autoRenew!.ariaDisabled)
    assert.isNull(c.pause!.ariaDisabled)
    // Invoices: formatted by currency; a null hosted_invoice_url is not a link.
    await page.waitForSelector('[data-testid="invoice-row"]')
    await page.assertTextContains('[data-testid="invoices"]', '€19.99')
    assert.equal(await page.locator('[data-testid="invoices"] a', { hasText: 'INV-NOLINK' }).count(), 0)
    assert.equal(await page.locator('[data-testid="invoices"] a', { hasText: 'INV-EUR' }).count(), 1)
    await page.assertTextContains('[data-testid="payment-method"]', 'No payment method on file')
  })

  test('past_due with a required payment action: 3D Secure copy and Complete verification; dismissal per session', async ({
    browserContext,
    assert,
  }) => {
    const periodEnd = DateTime.fromISO('2031-01-15T00:00:00Z', { zone: 'utc' })
    const actionRequired = { status: 'past_due', statusReason: 'payment_action_required', periodEnd } as const
    const page = await subscriberOn(browserContext, actionRequired, urlFor('pages.workspace.dashboard'))
    await page.assertTextContains('[data-testid="dunning-banner"]', '3D Secure')
    await page.assertTextContains('[data-testid="dunning-banner"]', 'Complete verification')
    await page.waitForLoadState('networkidle')
    await page.waitForLoadState('networkidle') // hydrated: a click on the server-rendered button does nothing
    await page.locator('[data-testid="dunning-banner"] button[aria-label="Dismiss"]').click()
    await page.waitForSelector('[data-testid="dunning-banner"]', { state: 'detached' })
    const stored = await page.evaluate(() =>
      (globalThis as any).sessionStorage.getItem('dunning-dismissed-2031-01-15T00:00:00.000Z')
    )
    assert.equal(stored, '1')
    await page.goto(page.url())
    await page.waitForLoadState('networkidle')
    assert.equal(await page.locator('[data-testid="dunning-banner"]').count(), 0)
  })

  test('?upgraded= shows a banner for 5 s, then strips the parameter', async ({ browserContext, assert }) => {
    const page = await subscriberOn(
      browserContext,
      {},
      urlFor('pages.settings.billing', {}, { qs: { upgraded: 'pro' } })
    )
    await page.assertExists('[data-testid="upgraded-banner"]')
    await page.waitForTimeout(5600)
    assert.equal(await page.locator('[data-testid="upgraded-banner"]').count(), 0)
    assert.notInclude(page.url(), 'upgraded=')
  }).timeout(30000)

  test('preview failure shows the approximate fallback copy and Confirm stays enabled', async ({
    browserContext,
    assert,
  }) => {
    const sub = stripe.addSubscription({ customer: 'cus_pvb', priceId: PRICE_PRO })
    stripe.failNext(10, { match: (r) => r.path === '/v1/invoices/create_preview' })
    const page = await subscriberOn(browserContext, { subscriptionId: sub.id, customerId: 'cus_pvb' })
    await page.waitForLoadState('networkidle') // hydrated: a click on the server-rendered button does nothing
    await page.locator('[data-testid="change-plan-plus"]').click()
    await page.waitForSelector('[data-testid="preview-copy"]', { timeout: 20000 })
    await page.assertTextContains('[data-testid="preview-copy"]', 'approximate')
    const confirm = page.locator('[data-testid="confirm-plan-change"]')
    assert.isNull(await confirm.getAttribute('aria-disabled'))
    assert.isTrue(await confirm.isEnabled())
  }).timeout(40000)

  test('invoice load errors show retry copy', async ({ browserContext }) => {
    stripe.failNext(100, { match: (r) => r.path === '/v1/invoices' || r.path === '/v1/payment_methods' })
    const page = await subscriberOn(browserContext, { customerId: 'cus_err' })
    await page.waitForSelector('[data-testid="invoices"] [data-state="error"]', { timeout: 20000 })
    await page.assertTextContains('[data-testid="invoices"]', 'Try again')
    await page.assertTextContains('[data-testid="payment-method"]', 'Try again')
  }).timeout(40000)

  test('/pricing: three monthly plans with Product/Offer JSON-LD and the Current badge; paid users go to /settings/billing', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await visitSignedIn(browserContext, await createUser(), urlFor('pages.pricing'))
    assert.equal(await page.locator('[data-testid^="plan-"]').count(), 3)
    await page.assertTextContains('[data-testid="plan-free"]', 'Current')
    await page.assertTextContains('[data-testid="plan-pro"]', '$10.00')
    await page.assertTextContains('[data-testid="plan-plus"]', '$20.00')
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents()
    const types = ld.map((t: string) => JSON.parse(t)['@type'])
    assert.include(types, 'BreadcrumbList')
    assert.equal(types.filter((t: string) => t === 'Product').length, 3)

    const paid = await createUser()
    await subscribeLocally(paid, { plan: 'plus' })
    await browserContext.clearCookies()
    await browserContext.loginAs(paid)
    const redirected = await visit(urlFor('pages.pricing'))
    assert.match(redirected.url(), /\/settings\/billing$/)
  })
})
