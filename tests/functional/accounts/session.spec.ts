import { test } from '@japa/runner'
import { assertErrorBody } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { createUser } from '#tests/support/users'
import {
  CookieJar,
  accountsGroup,
  jarFetch,
  resetThrottles,
  logIn,
  signedInJar,
  csrfJar,
  jarLogIn,
  PASSWORD,
} from '#tests/support/accounts'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { Secret } from '@adonisjs/core/helpers'
import { retireRememberToken, tokenValidAtArrival } from '#services/accounts/remember_rotation'

test.group('Accounts / sessions (CONTRACT 3)', (group) => {
  accountsGroup(group, { mail: true })

  test('GET /api/auth/csrf answers 204 and sets the XSRF-TOKEN cookie', async ({ assert }) => {
    const jar = new CookieJar()
    const response = await jarFetch(jar, urlFor('api.auth.csrf'))
    assert.equal(response.status, 204)
    assert.isNotEmpty(jar.xsrf())
  })

  test('POST /api/auth/login answers 200 { user } and GET /api/auth/me sees the session', async ({ assert }) => {
    const user = await createUser({ email: 'login@example.com', password: PASSWORD, username: 'loginner' })
    const jar = await signedInJar('LOGIN@example.com', PASSWORD)
    const me = await jarFetch(jar, urlFor('api.auth.me'))
    assert.equal(me.status, 200)
    const body: any = await me.json()
    assert.equal(body.user.id, String(user.id))
    assert.equal(body.user.email, 'login@example.com')
    assert.equal(body.user.username, 'loginner')
  })

  test('wrong credentials: 400 with one generic message for either mistake', async ({ client, assert }) => {
    await createUser({ email: 'known@example.com', password: PASSWORD })
    const wrong = await logIn(client, 'known@example.com', 'wrong-password')
    const unknown = await logIn(client, 'nobody@example.com', PASSWORD)
    wrong.assertStatus(400)
    unknown.assertStatus(400)
    assert.deepEqual(wrong.body(), unknown.body())
    assert.deepEqual(wrong.body(), { code: 'BAD_REQUEST', message: 'Invalid email or password', status: 400 })
  })

  test('a login without X-XSRF-TOKEN is 403 FORBIDDEN with the contract body', async ({ client, assert }) => {
    await createUser({ email: 'nocsrf@example.com', password: PASSWORD })
    const response = await client
      .post(urlFor('api.auth.login'))
      .json({ email: 'nocsrf@example.com', password: PASSWORD })
    assertErrorBody(assert, response, 403, 'FORBIDDEN')
    assert.equal(response.body().status, 403)
  })

  test('GET /api/auth/me without a session is 401 UNAUTHORIZED', async ({ client, assert }) => {
    const response = await client.get(urlFor('api.auth.me'))
    response.assertStatus(401)
    assert.deepEqual(response.body(), { code: 'UNAUTHORIZED', message: 'Authentication required', status: 401 })
  })

  test('POST /api/auth/logout answers 204, clears the session and the remember-me token', async ({ assert }) => {
    const user = await createUser({ email: 'logout@example.com', password: PASSWORD })
    const jar = await signedInJar('logout@example.com', PASSWORD, true)
    assert.isTrue(jar.cookies.has('remember_web'))
    const logout = await jarFetch(jar, urlFor('api.auth.logout'), { method: 'POST' })
    assert.equal(logout.status, 204)
    assert.isFalse(jar.cookies.has('remember_web'))
    const me = await jarFetch(jar, urlFor('api.auth.me'))
    assert.equal(me.status, 401)
    const tokens = await db.from('remember_me_tokens').where('tokenable_id', user.id)
    assert.lengthOf(tokens, 0)
  })

  test('an expired session with a valid remember cookie signs in, rotates the token', async ({ assert }) => {
    const user = await createUser({ email: 'remember@example.com', password: PASSWORD })
    const jar = await signedInJar('remember@example.com', PASSWORD, true)
    const firstCookie = jar.cookies.get('remember_web')!
    const before = await db.from('remember_me_tokens').where('tokenable_id', user.id)
    assert.lengthOf(before, 1)

    // The access cookie is gone (expired); only the refresh cookie remains.
    jar.cookies.delete('studyhub-session')
    const me = await jarFetch(jar, urlFor('api.auth.me'))
    assert.equal(me.status, 200)
    assert.equal(((await me.json()) as any).user.email, 'remember@example.com')
    assert.notEqual(jar.cookies.get('remember_web'), firstCookie)
    assert.isTrue(jar.cookies.has('studyhub-session'))
    // One live token; the rotated one is kept, expired, for requests already in flight.
    const after = (await db.from('remember_me_tokens').where('tokenable_id', user.id)).filter(
      (row) => new Date(row.expires_at).getTime() > Date.now()
    )
    assert.lengthOf(after, 1)
    assert.notEqual(after[0].hash, before[0].hash)

    // The old refresh cookie was rotated away.
    const stale = new CookieJar()
    stale.cookies.set('remember_web', firstCookie)
    const replay = await jarFetch(stale, urlFor('api.auth.me'))
    assert.equal(replay.status, 401)
  })

  test('a rotated remember token still serves a request that arrived before the rotation, no later one', async ({
    assert,
  }) => {
    // Parallel requests with one refresh cookie land on several instances (tests/cluster): the
    // first to rotate the token must not sign the others out (docs/decisions/instances.md). One
    // process serves them one after the other, so the rule is checked here on the token itself.
    const user = await createUser({ email: 'parallel@example.com', password: PASSWORD })
    const token = await User.rememberMeTokens.create(user, '30 days')
    const arrivedBefore = Date.now() - 5
    await retireRememberToken(Number(token.identifier), user.id)
    const inFlight = await tokenValidAtArrival(token.value!, arrivedBefore)
    assert.equal(String(inFlight?.identifier), String(token.identifier))
    assert.isNull(await tokenValidAtArrival(token.value!, Date.now() + 1), 'a replay after the rotation')
    const forged = new Secret(`${token.value!.release().split('.')[0]}.${'x'.repeat(40)}`)
    assert.isNull(await tokenValidAtArrival(forged, arrivedBefore), 'a wrong secret')
  })

  test('without remember, no remember-me cookie is issued', async ({ assert }) => {
    await createUser({ email: 'noremember@example.com', password: PASSWORD })
    const jar = await signedInJar('noremember@example.com', PASSWORD)
    assert.isFalse(jar.cookies.has('remember_web'))
  })

  test('the 101st /api/auth request in a minute from one IP is 429', async ({ assert, cleanup }) => {
    cleanup(() => resetThrottles())
    const jar = new CookieJar()
    for (let batch = 0; batch < 5; batch++) {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => jarFetch(jar, urlFor('api.auth.csrf')).then((r) => r.status))
      )
      assert.deepEqual([...new Set(statuses)], [204])
    }
    const blocked = await jarFetch(jar, urlFor('api.auth.me'))
    assert.equal(blocked.status, 429)
    const body: any = await blocked.json()
    assert.equal(body.code, 'TOO_MANY_REQUESTS')
    assert.equal(body.status, 429)
    assert.isString(body.message)
    assert.isAbove(Number(blocked.headers.get('retry-after')), 0)
  })

  test('login backfills canonical_email of a legacy row; a collision stays NULL', async ({ client, assert }) => {
    const legacy = await createUser({ email: 'Legacy.User+old@gmail.com', password: PASSWORD })
    await User.query().where('id', legacy.id).update({ canonical_email: null })
    const ok = await logIn(client, 'Legacy.User+old@gmail.com', PASSWORD)
    ok.assertStatus(200)
    await legacy.refresh()
    assert.equal(legacy.canonicalEmail, 'legacyuser@gmail.com')

    const holder = await createUser({ email: 'collide@example.com', password: PASSWORD })
    const clash = await createUser({ email: 'COLLIDE@example.org', password: PASSWORD })
    await User.query().where('id', clash.id).update({ canonical_email: null, email: 'Collide@Example.com ' })
    await User.query()
      .where('id', holder.id)
      .update({ email: 'holder@example.com', canonical_email: 'collide@example.com' })
    const second = await logIn(client, 'Collide@Example.com ', PASSWORD)
    second.assertStatus(200)
    await clash.refresh()
    assert.isNull(clash.canonicalEmail)
  })
})

test.group('Accounts / session revocation (issue 10 item 6)', (group) => {
  accountsGroup(group, { mail: true })

  test('PATCH /api/auth/password revokes other sessions and remember-me tokens', async ({ assert }) => {
    const user = await createUser({ email: 'rotate@example.com', password: PASSWORD })
    const other = await signedInJar('rotate@example.com', PASSWORD, true)
    const current = await signedInJar('rotate@example.com', PASSWORD, true)
    const changed = await jarFetch(current, urlFor('api.auth.password.update'), {
      method: 'PATCH',
      body: { current_password: PASSWORD, password: 'brand-new-pass' },
    })
    assert.equal(changed.status, 200)
    assert.equal((await jarFetch(current, urlFor('api.auth.me'))).status, 200)
    assert.equal((await jarFetch(other, urlFor('api.auth.me'))).status, 401)
    // Not even its remember cookie brings the other device back.
    other.cookies.delete('studyhub-session')
    assert.equal((await jarFetch(other, urlFor('api.auth.me'))).status, 401)
    const tokens = await db.from('remember_me_tokens').where('tokenable_id', user.id)
    assert.lengthOf(tokens, 0)
    // The new password works, the old one does not.
    await signedInJar('rotate@example.com', 'brand-new-pass')
    const old = await jarLogIn(await csrfJar(), { email: 'rotate@example.com', password: PASSWORD })
    assert.equal(old.status, 400)
  })

  test('PATCH /api/auth/password with a wrong current password is 400 and changes nothing', async ({ assert }) => {
    await createUser({ email: 'wrongcurrent@example.com', password: PASSWORD })
    const jar = await signedInJar('wrongcurrent@example.com', PASSWORD)
    const response = await jarFetch(jar, urlFor('api.auth.password.update'), {
      method: 'PATCH',
      body: { current_password: 'not-it-at-all', password: 'brand-new-pass' },
    })
    assert.equal(response.status, 400)
    assert.equal(((await response.json()) as any).code, 'BAD_REQUEST')
    assert.equal((await jarFetch(jar, urlFor('api.auth.me'))).status, 200)
  })

  test('POST /api/auth/logout-everywhere ends every session and remember token', async ({ assert }) => {
    const user = await createUser({ email: 'everywhere@example.com', password: PASSWORD })
    const a = await signedInJar('everywhere@example.com', PASSWORD, true)
    const b = await signedInJar('everywhere@example.com', PASSWORD, true)
    const response = await jarFetch(a, urlFor('api.auth.logout_everywhere'), { method: 'POST' })
    assert.equal(response.status, 204)
    assert.equal((await jarFetch(a, urlFor('api.auth.me'))).status, 401)
    assert.equal((await jarFetch(b, urlFor('api.auth.me'))).status, 401)
    b.cookies.delete('studyhub-session')
    assert.equal((await jarFetch(b, urlFor('api.auth.me'))).status, 401)
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', user.id), 0)
  })
})
