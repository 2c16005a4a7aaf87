import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { createCourse, createInstitution } from '#tests/support/catalog'
import { setFlag, resetFlagCache } from '#tests/support/flags'
import { seedCatalog, startStripe, subscribeLocally } from '#tests/support/billing'
import { aiUser, BIOLOGY_TEXT, ownedDocument, resetAiLimiter } from '#tests/support/ai'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { Page } from 'playwright'
import { failRequests } from '#tests/support/browser_actions'
import { runTool, toolUrl } from '#tests/support/browser_ai'
import { BrowserUsers, CleanupSteps, visitSignedIn } from '#tests/support/browser_session'

/*
| Issue 14 B: what a student meets. Failures are forced with Playwright's request routing
| (the page sees exactly what a failing server would send); successes are real.
*/
const FAILURE = { code: 'INTERNAL_SERVER_ERROR', message: 'The payment provider is unavailable. Please try again.' }

/** The next request to `pattern` fails (the payment provider's failure unless said otherwise). */
function failNext(page: Page, pattern: string, status = 500, body: object = FAILURE) {
  return failRequests(page, pattern, { status, body, times: 1 })
}

async function toastText(page: Page) {
  const toast = page.locator('[data-testid="toast"]').first()
  await toast.waitFor({ state: 'visible', timeout: 10_000 })
  return toast.innerText()
}

test.group('Browser / messages appear on every page (issue 14 B3, B9)', (group) => {
  const users = new BrowserUsers(['courses', 'documents'])
  let stripe: StripeTestServer
  group.setup(async () => {
    stripe = await startStripe()
    await seedCatalog()
    return async () => {
      await stripe.stop()
      await users.delete()
      await db.from('feature_flags').where('name', 'enable_toast_probe').delete()
      resetFlagCache()
    }
  })
  const user = async (options: Parameters<typeof createUser>[0] = {}) => users.add(await createUser(options))

  test('/pricing: a failed checkout shows the error', async ({ browserContext, assert }) => {
    const page = await visitSignedIn(browserContext, await user(), urlFor('pages.pricing'))
    await failNext(page, '**/api/subscriptions/checkout-session')
    await page.getByRole('button', { name: 'Choose Pro' }).click()
    assert.include(await toastText(page), FAILURE.message)
  })

  test('/settings/billing: a failed auto-renew change shows the error', async ({ browserContext, assert }) => {
    const member = await user()
    await subscribeLocally(member, {})
    const page = await visitSignedIn(browserContext, member, urlFor('pages.settings.billing'))
    await failNext(page, '**/api/subscriptions/auto-renew')
    await page.click('[data-testid="auto-renew-switch"]')
    assert.include(await toastText(page), FAILURE.message)
  })

  test('/my-documents: a visibility change says so', async ({ browserContext, assert }) => {
    const owner = await user()
    await ownedDocument(owner.id, BIOLOGY_TEXT, { title: 'Toast probe document' })
    const page = await visitSignedIn(browserContext, owner, urlFor('pages.workspace.my_documents'))
    await page
      .locator('[data-testid="my-document-row"] [data-testid="visibility-select"]')
      .first()
      .selectOption('public')
    await page.getByRole('button', { name: 'Publish to everyone' }).click()
    assert.include(await toastText(page), 'is now public')
  })

  test('/my-courses: creating a course says so', async ({ browserContext, assert }) => {
    const page = await visitSignedIn(browserContext, await user(), urlFor('pages.workspace.my_courses'))
    await page.fill('input[name="title"]', 'Toast probe course')
    await page.getByRole('button', { name: 'Create course' }).click()
    assert.include(await toastText(page), 'Course created')
  })

  test('/settings: saving the profile says so', async ({ browserContext, assert }) => {
    const page = await visitSignedIn(browserContext, await user(), urlFor('pages.auth.settings'))
    await page.fill('[data-testid="profile-username"]', `probe_${Date.now()}`)
    await page.click('[data-testid="profile-submit"]')
    assert.include(await toastText(page), 'Profile saved')
  })

  test('/admin/flags: a toggle says so', async ({ browserContext, assert }) => {
    await setFlag('enable_toast_probe', false)
    const page = await visitSignedIn(browserContext, await user({ role: 'admin' }), urlFor('pages.admin.flags'))
    await page.click('[data-testid="flag-toggle-enable_toast_probe"]')
    assert.include(await toastText(page), 'enable_toast_probe enabled')
  })

  test('a failed sign-out says so and the user stays visibly signed in', async ({ browserContext, assert }) => {
    const page = await visitSignedIn(browserContext, await user(), urlFor('pages.workspace.dashboard'))
    await failNext(page, '**/api/auth/logout', 429, {
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests. Please try again later.',
    })
    await page.getByRole('button', { name: 'Sign out' }).click()
    assert.include(await toastText(page), 'still signed in')
    assert.equal(new URL(page.url()).pathname, '/dashboard')
    await page.assertVisible('[data-testid="nav-user"]')
  })
})

test.group('Browser / what a student meets (issue 14 B4, B6, B7)', (group) => {
  const users = new BrowserUsers()
  const cleanup = new CleanupSteps()
  group.each.setup(() => resetAiLimiter())
  group.teardown(async () => {
    await users.delete()
    await cleanup.run()
    await setFlag('enable_ai_tools', true)
    await setFlag('enable_uploads', true)
    resetFlagCache()
  })

  test('with enable_ai_tools off, a tool shows "Feature not available" and never the flag name', async ({
    browserContext,
    assert,
  }) => {
    const member = users.add(await aiUser())
    await ownedDocument(member.id)
    await setFlag('enable_ai_tools', false)
    resetFlagCache()
    const page = await visitSignedIn(browserContext, member, toolUrl('document-analyzer'))
    await runTool(page, { document: 'Biology notes', result: 'text=Feature not available' })
    assert.notInclude(await page.content(), 'enable_ai_tools')
  })

  test('onboarding: find the institution, pick one of its courses, finish on the dashboard', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const institution = await createInstitution({ name: 'Quillfield Polytechnic' })
    const course = await createCourse({ institutionId: institution.id, title: 'Thermodynamics I' })
    const member = users.add(await createUser())
    cleanup.last(() => db.from('courses').where('id', course.id).delete())
    cleanup.last(() => db.from('institutions').where('id', institution.id).delete())
    await browserContext.loginAs(member)
    const page = await visit(urlFor('pages.workspace.onboarding'))
    await page.fill('input[placeholder="University name"]', 'Quillfield')
    await page.getByRole('button', { name: /Quillfield Polytechnic/ }).click()
    await page.getByLabel(/Thermodynamics I/).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    // Issue 29: the course by its title (never its slug), progress that survives a reload,
    // and copy for the free plan that does not promise AI tools.
    await page.getByTestId('onboarding-course').getByText('Thermodynamics I').waitFor()
    assert.notInclude(await page.locator('main').innerText(), course.slug)
    await page.reload()
    await page.getByTestId('onboarding-course').getByText('Thermodynamics I').waitFor()
    await page.assertTextContains('main', 'Step 3 of 3')
    await page.assertTextContains('main', 'The AI study tools come with the Pro and Plus plans.')
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.waitForURL('**/dashboard')
    assert.equal(new URL(page.url()).pathname, '/dashboard')
  })

  test('a free user learns up front that AI tools are Pro and Plus; the JSON-LD offers the paid plans', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const member = users.add(await aiUser({ plan: 'free' }))
    await browserContext.loginAs(member)
    const page = await visit(toolUrl('flashcard-builder'))
    await page.assertVisible('[data-testid="plan-required"]')
    assert.notInclude((await page.title()).toLowerCase(), 'free ai')
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
    const app = jsonLd
      .map((text: string) => JSON.parse(text))
      .flat()
      .find((item: any) => item['@type'] === 'SoftwareApplication')
    assert.isAbove(app.offers.length, 0)
    for (const offer of app.offers) assert.isAbove(Number(offer.price), 0)
  })

  test('a free user billing page shows the upgrade, not auto-renew or pause', async ({ browserContext, assert }) => {
    const page = await visitSignedIn(browserContext, users.add(await createUser()), urlFor('pages.settings.billing'))
    await page.assertVisible('[data-testid="free-upgrade"]')
    assert.equal(await page.locator('[data-testid="auto-renew-switch"]').count(), 0)
    assert.equal(await page.locator('[data-testid="pause-button"]').count(), 0)
  })
})
