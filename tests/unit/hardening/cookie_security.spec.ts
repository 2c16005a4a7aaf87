/*
| Cookie flags decision (docs/rules/hardening.md#hostile-files: cookies are `Secure` only when APP_URL is https;
| issue 9 item 5). Tests run over plain http, so the https branch is checked here on the decision itself and on
| the config objects built from it.
*/
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { http, secureCookies, secureCookiesFor, appUrl } from '#config/app'
import sessionConfig from '#config/session'
import shieldConfig from '#config/shield'

test.group('Hardening / cookie security decision (CONTRACT 12)', () => {
  test('Secure only for an https APP_URL', ({ assert }) => {
    assert.isTrue(secureCookiesFor('https://studyhub.example'))
    assert.isTrue(secureCookiesFor('HTTPS://studyhub.example/'))
    assert.isTrue(secureCookiesFor('  https://studyhub.example'))
    assert.isFalse(secureCookiesFor('http://127.0.0.1:3333'))
    assert.isFalse(secureCookiesFor('http://localhost'))
    assert.isFalse(secureCookiesFor('httpsx://studyhub.example'))
    assert.isFalse(secureCookiesFor('http://https.example'))
    assert.isFalse(secureCookiesFor(''))
  })

  test('the running config follows APP_URL (http here: not Secure), HttpOnly and SameSite=Lax', async ({ assert }) => {
    assert.equal(secureCookies, secureCookiesFor(appUrl))
    assert.isFalse(secureCookies, `tests run with an http APP_URL (${appUrl})`)
    assert.equal(http.cookie.secure, secureCookies)
    assert.isTrue(http.cookie.httpOnly)
    assert.equal(String(http.cookie.sameSite).toLowerCase(), 'lax')
    const session = await (sessionConfig as any).resolver(app)
    assert.equal(session.cookie.secure, secureCookies)
    assert.isTrue(session.cookie.httpOnly)
    assert.equal(String(session.cookie.sameSite).toLowerCase(), 'lax')
  })

  test('shield: CSRF on for every mutation with a JS-readable XSRF cookie; CSP, DENY framing, nosniff, HSTS on', ({
    assert,
  }) => {
    const shield = shieldConfig as any
    assert.isTrue(shield.csrf.enabled)
    assert.isTrue(shield.csrf.enableXsrfCookie)
    assert.includeMembers(shield.csrf.methods, ['POST', 'PUT', 'PATCH', 'DELETE'])
    assert.isTrue(shield.csp.enabled)
    assert.isFalse(shield.csp.reportOnly)
    assert.deepEqual(shield.csp.directives.frameAncestors, [`'none'`])
    assert.deepEqual(shield.csp.directives.objectSrc, [`'none'`])
    assert.equal(shield.xFrame.action, 'DENY')
    assert.isTrue(shield.contentTypeSniffing.enabled)
    assert.isTrue(shield.hsts.enabled)
  })
})
