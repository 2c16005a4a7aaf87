import { test } from '@japa/runner'
import env from '#start/env'
import db from '@adonisjs/lucid/services/db'
import { SmtpSink } from '#tests/support/smtp_sink'
import { resetThrottles } from '#tests/support/accounts'
import { createUser } from '#tests/support/users'
import User from '#models/user'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { deleteAccounts, submitLoginForm } from '#tests/support/browser_session'

test.group('Browser / accounts: sign-up and email verification (SPEC G)', (group) => {
  const sink = new SmtpSink()
  const email = `browser-signup-${Date.now()}@example.com`

  group.setup(async () => {
    await sink.start()
    return async () => {
      await sink.stop()
    }
  })
  group.each.setup(async () => {
    await resetThrottles()
    return async () => {
      await deleteAccounts([email])
      await db.from('security_events').where('type', 'SIGNUP_ATTEMPT').where('ip_address', '127.0.0.1').delete()
    }
  })

  test('sign up through /signup, follow the mailed link (local SMTP sink) and reach the success state', async ({
    visit,
    assert,
  }) => {
    const page = await visit(urlFor('pages.auth.signup'))
    await page.locator('[data-testid="signup-form"][data-ready="true"]').waitFor()
    await page.getByTestId('signup-email').fill(email)
    await page.getByTestId('signup-password').fill('browser-password-1')
    await page.getByTestId('signup-submit').click()
    await page.waitForURL((url) => !url.pathname.startsWith('/signup'), { timeout: 15_000 })

    const user = await User.findByOrFail('email', email)
    assert.isFalse(user.emailVerified)

    const message = await sink.waitFor(email, '/verify-email?token=')
    const link = /(http:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(message.text)![1]
    assert.isTrue(link.startsWith(`${env.get('APP_URL')}/verify-email?token=`))

    const verifyPage = await page.context().newPage()
    await verifyPage.goto(link)
    await verifyPage.getByTestId('verify-success').waitFor({ timeout: 15_000 })
    // A new account is on the free plan: it is sent to its documents, not to AI tools it cannot run (issue 29).
    assert.equal(await verifyPage.getByTestId('verify-continue').getAttribute('href'), '/my-documents')
    // docs/rules/accounts.md#verification: the success state links to /ai-courses all the same.
    assert.equal(await verifyPage.getByTestId('verify-success').locator('a[href="/ai-courses"]').count(), 1)
    assert.equal(await verifyPage.locator('meta[name="referrer"]').getAttribute('content'), 'no-referrer')
    assert.include((await verifyPage.locator('meta[name="robots"]').getAttribute('content')) || '', 'noindex')
    await user.refresh()
    assert.isTrue(user.emailVerified)

    // Reloading the page spends no second verification: the token now reads as used.
    await verifyPage.reload()
    await verifyPage.getByTestId('verify-used').waitFor({ timeout: 15_000 })
  })

  test('/verify-email without a token shows the error state and makes no API call', async ({ visit, assert }) => {
    const page = await visit(urlFor('pages.auth.verify_email'))
    const calls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/verify-email')) calls.push(r.url())
    })
    await page.getByTestId('verify-error').waitFor()
    await page.waitForTimeout(300)
    assert.lengthOf(calls, 0)
  })
})

test.group('Browser / accounts: login with ?next=', (group) => {
  const email = `browser-login-${Date.now()}@example.com`
  group.each.setup(async () => {
    await resetThrottles()
    return () => deleteAccounts([email])
  })

  test('/login?next=<local path> returns there after sign-in; a foreign next falls back', async ({ visit, assert }) => {
    await createUser({ email, password: 'browser-password-1', username: 'browserlogin' })
    const page = await visit('/login?next=/settings')
    await submitLoginForm(page, email, 'browser-password-1')
    await page.waitForURL((url) => url.pathname === '/settings', { timeout: 15_000 })
    await page.getByTestId('settings-current-email').waitFor()
    assert.equal(await page.getByTestId('settings-current-email').textContent(), email)

    const evil = await page.context().newPage()
    await page.context().clearCookies()
    await evil.goto(`${env.get('APP_URL')}/login?next=//evil.example.com/x`)
    await submitLoginForm(evil, email, 'browser-password-1')
    await evil.waitForURL(
      (url) => url.host === new URL(env.get('APP_URL')!).host && !url.pathname.startsWith('/login'),
      { timeout: 15_000 }
    )
    assert.notInclude(evil.url(), 'evil.example.com')
  })

  test('a wrong password shows one generic error in the form', async ({ visit }) => {
    await createUser({ email, password: 'browser-password-1' })
    const page = await visit(urlFor('pages.auth.login'))
    await submitLoginForm(page, email, 'not-the-password')
    await page.assertTextContains('[data-testid="login-error"]', 'Invalid email or password')
  })
})
