import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { createUser } from '#tests/support/users'
import { resetThrottles } from '#tests/support/accounts'
import { useCookieSessions } from '#tests/support/sessions'
import { deleteAccounts, submitLoginForm } from '#tests/support/browser_session'

const PASSWORD = 'browser-password-1'

async function meStatus(page: any) {
  return page.evaluate(async () => (await fetch('/api/auth/me', { headers: { accept: 'application/json' } })).status)
}

/*
| Issue 23 item 8 in Chromium, on the cookie session store production uses: sign in through the
| form (Remember me on, its default), sign out while another tab is still loading a signed-in
| page, and the student is signed out for good.
*/
test.group('Browser / sign-out ends the session (issue 23 item 8)', (group) => {
  const email = `browser-signout-${Date.now()}@example.com`
  group.setup(() => useCookieSessions())
  group.each.setup(async () => {
    await resetThrottles()
    return () => deleteAccounts([email])
  })

  test('sign in through the form, sign out with a page still loading: /api/auth/me is 401 and Sign in shows', async ({
    visit,
    assert,
  }) => {
    await createUser({ email, password: PASSWORD })
    const page = await visit(
      `${urlFor('pages.auth.login')}?next=${encodeURIComponent(urlFor('pages.workspace.dashboard'))}`
    )
    await page.locator('[data-testid="login-form"][data-ready="true"]').waitFor()
    assert.isTrue(await page.getByTestId('login-remember').isChecked())
    await submitLoginForm(page, email, PASSWORD)
    await page.waitForURL((url: URL) => url.pathname === urlFor('pages.workspace.dashboard'), { timeout: 15_000 })

    // A second tab loads a signed-in page: the server answers it now (signed in), the browser
    // receives that answer, with its session cookie, only after the sign-out below.
    const other = await page.context().newPage()
    let answered!: () => void
    const serverAnswered = new Promise<void>((resolve) => (answered = resolve))
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await other.route(
      (url: URL) => url.pathname === urlFor('notes.index'),
      async (route: any) => {
        const response = await route.fetch()
        answered()
        await released
        await route.fulfill({ response })
      },
      { times: 1 }
    )
    const loading = other.goto(urlFor('notes.index'))
    await serverAnswered

    // No wait for the network to settle: the dashboard may still be fetching.
    await page.locator('[data-testid="sign-out"][data-ready="true"]').waitFor()
    await page.getByTestId('sign-out').click()
    await page.waitForURL((url: URL) => url.pathname === urlFor('pages.home'), { timeout: 15_000 })
    release()
    await loading

    assert.equal(await meStatus(page), 401)
    assert.equal(await meStatus(other), 401)
    await page.reload()
    await page.getByRole('link', { name: 'Sign in' }).waitFor({ timeout: 10_000 })
    assert.isTrue(await page.getByRole('link', { name: 'Sign in' }).isVisible())
    assert.lengthOf(
      await page
        .context()
        .cookies()
        .then((all: any[]) => all.filter((c) => c.name === 'remember_web')),
      0
    )
  })
})
