/*
| Security headers and cookie flags on real responses (issue 9 item 5; docs/rules/accounts.md#sessions).
| Tests run over http with an http APP_URL, so no cookie may be Secure here (the https branch
| is unit-tested in tests/unit/hardening/cookie_security.spec.ts).
*/
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createUser } from '#tests/support/users'
import { resetThrottles, logIn } from '#tests/support/accounts'
import { urlFor } from '@adonisjs/core/services/url_builder'

type Cookie = { name: string; value: string; attrs: Record<string, string | true> }

function parseSetCookies(header: string | string[] | undefined): Cookie[] {
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header]
  return list.map((line) => {
    const [pair, ...rest] = line.split(';').map((p) => p.trim())
    const index = pair.indexOf('=')
    const attrs: Record<string, string | true> = {}
    for (const part of rest) {
      const eq = part.indexOf('=')
      if (eq === -1) attrs[part.toLowerCase()] = true
      else attrs[part.slice(0, eq).toLowerCase()] = part.slice(eq + 1)
    }
    return { name: pair.slice(0, index), value: pair.slice(index + 1), attrs }
  })
}

function assertSecurityHeaders(assert: any, headers: Record<string, any>, where: string) {
  const csp = String(headers['content-security-policy'] ?? '')
  assert.include(csp, "default-src 'self'", `${where}: CSP default-src`)
  assert.include(csp, "frame-ancestors 'none'", `${where}: CSP frame-ancestors`)
  assert.include(csp, "object-src 'none'", `${where}: CSP object-src`)
  assert.include(csp, "base-uri 'self'", `${where}: CSP base-uri`)
  assert.equal(headers['x-frame-options'], 'DENY', `${where}: X-Frame-Options`)
  assert.equal(headers['x-content-type-options'], 'nosniff', `${where}: X-Content-Type-Options`)
  const hsts = String(headers['strict-transport-security'] ?? '').match(/^max-age=(\d+)/)
  assert.isAtLeast(Number(hsts?.[1] ?? 0), 31_536_000, `${where}: HSTS of at least a year`)
  assert.equal(headers['cross-origin-opener-policy'], 'same-origin', `${where}: COOP`)
  assert.notProperty(headers, 'x-powered-by', `${where}: no X-Powered-By`)
}

test.group('Hardening / security headers and cookie flags (CONTRACT 3, 12)', (group) => {
  group.each.setup(async () => {
    await resetThrottles()
    return testUtils.db().withGlobalTransaction()
  })

  test('pages and signed-in API answers carry CSP, DENY framing, nosniff, a year of HSTS and COOP', async ({
    client,
    assert,
  }) => {
    for (const path of ['/', '/login', '/pricing', '/documents']) {
      const response = await client.get(path)
      response.assertStatus(200)
      assertSecurityHeaders(assert, response.headers(), `GET ${path}`)
    }
    const csrf = await client.get(urlFor('api.auth.csrf'))
    csrf.assertStatus(204)
    assertSecurityHeaders(assert, csrf.headers(), 'GET /api/auth/csrf')
    const user = await createUser()
    const notes = await client.get(urlFor('api.notes.index')).loginAs(user)
    notes.assertStatus(200)
    assertSecurityHeaders(assert, notes.headers(), 'GET /api/notes')
    // Errors thrown before shield runs (a refused CSRF token) still refuse sniffing and framing.
    const refused = await client.post(urlFor('api.notes.store')).json({ title: 'x' }).loginAs(user)
    assert.equal(refused.status(), 403)
    assert.equal(refused.headers()['x-content-type-options'], 'nosniff')
    assert.equal(refused.headers()['x-frame-options'], 'DENY')
  })

  test('lean public JSON and crawler answers are nosniff, unframeable and same-origin COOP', async ({
    client,
    assert,
  }) => {
    for (const path of ['/api/feature-flags/status/enable_ads', '/api/documents', '/robots.txt', '/sitemap.xml']) {
      const response = await client.get(path)
      assert.isBelow(response.status(), 500)
      const type = String(response.headers()['content-type'] ?? '')
      assert.notInclude(type, 'text/html', `${path} is not HTML`)
      assert.equal(response.headers()['x-content-type-options'], 'nosniff', `${path}: nosniff`)
      assert.equal(response.headers()['x-frame-options'], 'DENY', `${path}: DENY`)
      assert.equal(response.headers()['cross-origin-opener-policy'], 'same-origin', `${path}: COOP`)
    }
  })

  test('session and remember cookies: HttpOnly, SameSite=Lax; XSRF-TOKEN readable', async ({ client, assert }) => {
    const csrf = await client.get(urlFor('api.auth.csrf'))
    const xsrf = parseSetCookies(csrf.headers()['set-cookie']).find((c) => c.name === 'XSRF-TOKEN')
    assert.exists(xsrf, 'XSRF-TOKEN cookie set by GET /api/auth/csrf')
    assert.notProperty(xsrf!.attrs, 'httponly', 'XSRF-TOKEN must be readable by the page script')
    assert.equal(String(xsrf!.attrs.samesite).toLowerCase(), 'lax')
    assert.notProperty(xsrf!.attrs, 'secure')

    const user = await createUser({ password: 'a-long-password' })
    const login = await logIn(client, user.email, 'a-long-password', true)
    login.assertStatus(200)
    const cookies = parseSetCookies(login.headers()['set-cookie'])
    const session = cookies.find((c) => c.name === 'studyhub-session')
    const remember = cookies.find((c) => /^remember_/.test(c.name))
    assert.exists(session, `session cookie in ${cookies.map((c) => c.name).join(', ')}`)
    assert.exists(remember, `remember-me cookie in ${cookies.map((c) => c.name).join(', ')}`)
    for (const cookie of [session!, remember!]) {
      assert.property(cookie.attrs, 'httponly', `${cookie.name} HttpOnly`)
      assert.equal(String(cookie.attrs.samesite).toLowerCase(), 'lax', `${cookie.name} SameSite=Lax`)
      assert.notProperty(cookie.attrs, 'secure', `${cookie.name} not Secure over http`)
      assert.equal(cookie.attrs.path, '/')
    }
    // docs/rules/hardening.md#hostile-files: the session is the 2 h access cookie, remember-me the 30-day refresh
    // cookie.
    assert.equal(Number(session!.attrs['max-age']), 7200)
    assert.equal(Number(remember!.attrs['max-age']), 30 * 24 * 3600)
  })
})
