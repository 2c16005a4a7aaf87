import { test } from '@japa/runner'
import { axeViolations } from '#tests/support/browser_axe'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import { PRICE_PRO, subscribeLocally, withStripeGroup } from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { assignPlan } from '#services/billing/subscription_writer'
import { PlanCatalog } from '#services/billing/plans'
import { planHighlights, planHas, type PlanSlug } from '#services/billing/plans'
import { accessFor } from '#services/catalog/document_access_service'
import { visitHydrated, visitSignedIn } from '#tests/support/browser_session'
import { REASONS } from '#services/billing/subscription_policy'

/*
| Issue 29 item 4: /settings/billing explains every control in visible text (not only a hover
| title), rendered from `allowedActions` and the portal rule; the demo Pro account's "Cancel"
| is no dead end; /pricing cards list what each plan includes, checked against the rules the app
| enforces. axe stays at 0 violations on both pages.
*/

/** A control's state and the visible text its aria-describedby points at. */
async function explained(page: any, selector: string) {
  const control = page.locator(selector).first()
  const describedBy = await control.getAttribute('aria-describedby')
  const reason = describedBy ? page.locator(`#${describedBy}`) : null
  return {
    ariaDisabled: await control.getAttribute('aria-disabled'),
    visible: reason ? await reason.isVisible() : false,
    text: reason ? ((await reason.textContent()) ?? '').trim() : null,
  }
}

/** The plan controls that carry a reason when refused: change plan, auto-renew, pause. */
const PLAN_CONTROLS = [
  '[data-testid="change-plan-plus"]',
  '[data-testid="auto-renew-switch"]',
  '[data-testid="pause-button"]',
]

async function demoPro() {
  const user = await createUser({ verified: true })
  await assignPlan(new PlanCatalog(), user.id, 'pro') // what the demo seed does: a paid plan with no provider subscription
  return user
}

let stripe: StripeTestServer

test.group('Browser / billing controls explain themselves (issue 29 item 4)', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('quick start (no Stripe): the demo Pro account sees why for every control; Cancel says what is possible', async ({
    visit,
    browserContext,
    assert,
  }) => {
    // Unset (quick start): the restore puts back the settings that point at this group's server.
    const restore = swapSettings(BillingSettings, { stripeSecretKey: undefined, stripeApiUrl: undefined })
    try {
      const user = await demoPro()
      await browserContext.loginAs(user)
      const page = await visit(urlFor('pages.settings.billing'))
      await page.waitForLoadState('networkidle')
      for (const selector of [
        '[data-testid="change-plan-plus"]',
        '[data-testid="auto-renew-switch"]',
        '[data-testid="pause-button"]',
      ]) {
        const c = await explained(page, selector)
        assert.equal(c.ariaDisabled, 'true', selector)
        assert.isTrue(c.visible, `${selector}: its reason is visible text`)
        assert.equal(c.text, REASONS.demo, selector)
      }
      const cancel = await explained(page, '[data-testid="cancel-link"]')
      assert.equal(cancel.ariaDisabled, 'true')
      assert.isTrue(cancel.visible)
      assert.equal(cancel.text, REASONS.portalOff)

      const portalCalls: string[] = []
      page.on('request', (request: any) => {
        if (request.url().includes('/api/subscriptions/billing-portal-session')) portalCalls.push(request.url())
      })
      await page.locator('[data-testid="cancel-link"]').click({ force: true })
      await page.waitForTimeout(300)
      assert.deepEqual(portalCalls, [], 'a disabled Cancel asks nothing')
      assert.notInclude(await page.locator('body').innerText(), 'There is no billing account yet')
      assert.deepEqual(await axeViolations(page), [])
    } finally {
      restore()
    }
  }).timeout(40000)

  test('payments set up: the demo account is told it has no billing account; a subscriber gets working controls with no excuses', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await visitSignedIn(browserContext, await demoPro(), urlFor('pages.settings.billing'))
    const cancel = await explained(page, '[data-testid="cancel-link"]')
    assert.equal(cancel.ariaDisabled, 'true')
    assert.equal(cancel.text, REASONS.portalDemo)
    assert.isTrue(cancel.visible)
    assert.deepEqual(await axeViolations(page), [])

    const subscriber = await createUser({ verified: true })
    const sub = stripe.addSubscription({ customer: 'cus_explained', priceId: PRICE_PRO })
    await subscribeLocally(subscriber, { subscriptionId: sub.id, customerId: 'cus_explained' })
    await browserContext.clearCookies()
    const own = await visitSignedIn(browserContext, subscriber, urlFor('pages.settings.billing'))
    for (const selector of [...PLAN_CONTROLS, '[data-testid="cancel-link"]', '[data-testid="manage-payment"]']) {
      const c = await explained(own, selector)
      assert.isNull(c.ariaDisabled, selector)
      assert.isNull(c.text, `${selector} carries no reason when allowed`)
    }
    // The current plan's own card says why it cannot be chosen again, in text.
    const current = await explained(own, '[data-testid="change-plan-pro"]')
    assert.equal(current.text, 'This is your current plan')
    assert.isTrue(current.visible)

    // Ending: plan change and pause are refused, each with its reason beside it.
    await subscribeLocally(subscriber, { subscriptionId: sub.id, customerId: 'cus_explained', cancelAtPeriodEnd: true })
    const ending = await visitHydrated(visit, urlFor('pages.settings.billing'))
    assert.equal((await explained(ending, '[data-testid="change-plan-plus"]')).text, REASONS.endingPlan)
    assert.equal((await explained(ending, '[data-testid="pause-button"]')).text, REASONS.endingPause)
    assert.isNull((await explained(ending, '[data-testid="auto-renew-switch"]')).text)
    assert.deepEqual(await axeViolations(ending), [])
  }).timeout(60000)

  test('/pricing cards list what each plan includes, as the app enforces it', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const premium = await createDocument({ accessLevel: 'premium', title: 'Premium notes' }, ['A premium chunk.'])
    const page = await visitHydrated(visit, urlFor('pages.pricing'))
    for (const slug of ['free', 'pro', 'plus'] as PlanSlug[]) {
      const items = (await page.locator(`[data-testid="features-${slug}"] li`).allTextContents()).map((t: string) =>
        t.replace(/^✓\s*/, '').trim()
      )
      assert.deepEqual(items, planHighlights(slug), slug)
      // Against the rules themselves: a user on this plan reads premium documents in full iff the card says so.
      const user = await createUser({ verified: true })
      await assignPlan(new PlanCatalog(), user.id, slug)
      const access = await accessFor({ id: premium.id, ownerId: null, accessLevel: 'premium' }, { id: user.id })
      assert.equal(
        items.includes('Full access to premium documents'),
        access.can_read_full,
        `${slug}: premium documents`
      )
      assert.equal(items.includes('All AI study tools'), planHas(slug, 'AI_CREDIT'), `${slug}: AI tools`)
    }
    assert.include(await page.locator('[data-testid="features-pro"]').innerText(), 'Full access to premium documents')
    assert.include(await page.locator('[data-testid="features-plus"]').innerText(), 'Full access to premium documents')
    assert.deepEqual(await axeViolations(page), [])

    const free = await createUser({ verified: true })
    await browserContext.loginAs(free)
    const signedIn = await visit(urlFor('pages.pricing'))
    assert.deepEqual(await axeViolations(signedIn), [])
  }).timeout(60000)
})
