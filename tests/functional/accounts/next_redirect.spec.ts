import { test } from '@japa/runner'
import { createUser } from '#tests/support/users'
import { CookieJar, accountsGroup, jarFetch, signedInJar } from '#tests/support/accounts'

const TRICKS = [
  '/.//evil.example/phish',
  '/..//evil.example/phish',
  '/%2e//evil.example/phish',
  '/%5c%5cevil.example',
  '/%09/evil.example',
  '/%252e//evil.example',
]

/** Issue 23 item 7 over HTTP: the 302 of a signed-in visit and the page's `next` prop. */
test.group('Accounts / next redirect targets (issue 23 item 7)', (group) => {
  accountsGroup(group)

  test('a signed-in visit to /login?next=<trick> is redirected on this site', async ({ assert }) => {
    await createUser({ email: 'redirect@example.com' })
    const jar = await signedInJar('redirect@example.com', 'secret-password')
    for (const trick of TRICKS) {
      const response = await jarFetch(jar, `/login?next=${encodeURIComponent(trick)}`)
      assert.equal(response.status, 302, trick)
      const location = response.headers.get('location')!
      assert.isFalse(
        location.startsWith('//') || location.includes('\\') || !location.startsWith('/'),
        `${trick} -> ${location}`
      )
      assert.equal(new URL(location, 'http://127.0.0.1').host, '127.0.0.1', `${trick} -> ${location}`)
    }
    const ok = await jarFetch(jar, `/login?next=${encodeURIComponent('/notes?x=1')}`)
    assert.equal(ok.headers.get('location'), '/notes?x=1')
  })

  test('the login page hands the client only a local next', async ({ assert }) => {
    for (const trick of TRICKS) {
      const response = await jarFetch(new CookieJar(), `/login?next=${encodeURIComponent(trick)}`)
      assert.equal(response.status, 200)
      const html = await response.text()
      const page = JSON.parse(/<script[^>]*data-page="[^"]*"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1])
      assert.equal(page.props.next, '/dashboard', trick)
    }
  })
})
