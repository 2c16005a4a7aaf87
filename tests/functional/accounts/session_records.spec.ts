import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { createUser } from '#tests/support/users'
import {
  CookieJar,
  accountsGroup,
  baseUrl,
  jarFetch,
  signedInJar,
  csrfJar,
  jarLogIn,
  PASSWORD,
} from '#tests/support/accounts'
import { shiftSessionClock, useCookieSessions } from '#tests/support/sessions'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

function copyOf(jar: CookieJar) {
  const copy = new CookieJar()
  for (const [name, value] of jar.cookies) copy.cookies.set(name, value)
  return copy
}

async function status(jar: CookieJar, path = urlFor('api.auth.me')) {
  return (await jarFetch(jar, path)).status
}

/*
| Issue 23 item 8, on the cookie session store (production's): the cookie carries the whole
| session, so only a server-side record can make sign-out and lifetimes stick.
*/
test.group('Accounts / server-side session records (issue 23 item 8)', (group) => {
  group.setup(() => useCookieSessions())
  accountsGroup(group, { mail: true })

  test('a cookie captured before sign-out no longer reads /api/notes afterwards', async ({ assert }) => {
    await createUser({ email: 'captured@example.com', password: PASSWORD })
    const jar = await signedInJar('captured@example.com', PASSWORD)
    const captured = copyOf(jar)
    assert.equal(await status(captured, '/api/notes'), 200)
    assert.equal((await jarFetch(jar, urlFor('api.auth.logout'), { method: 'POST' })).status, 204)
    assert.equal(await status(captured, '/api/notes'), 401)
    assert.equal(await status(jar, '/api/notes'), 401)
  })

  test('a session cookie written back by a request in flight during sign-out is refused', async ({ assert }) => {
    await createUser({ email: 'inflight@example.com', password: PASSWORD })
    const jar = await signedInJar('inflight@example.com', PASSWORD, true)
    // The server answers this request before the sign-out; the browser stores its cookies after.
    const inFlight = await fetch(`${baseUrl()}${urlFor('api.auth.me')}`, {
      headers: { cookie: jar.header(), accept: 'application/json' },
    })
    assert.equal(inFlight.status, 200)
    assert.isNotEmpty(inFlight.headers.getSetCookie())
    assert.equal((await jarFetch(jar, urlFor('api.auth.logout'), { method: 'POST' })).status, 204)
    jar.store(inFlight)
    assert.equal(await status(jar), 401)
    assert.equal(await status(jar, '/api/notes'), 401)
  })

  test('refused sign-ins write no session record', async ({ assert }) => {
    const user = await createUser({ email: 'refused@example.com', password: PASSWORD })
    const jar = await csrfJar()
    const wrong = await jarLogIn(jar, { email: 'refused@example.com', password: 'not-the-password' })
    assert.equal(wrong.status, 400)
    const invalid = await jarLogIn(jar, { email: 'refused@example.com' })
    assert.equal(invalid.status, 400)
    assert.equal(await status(jar), 401)
    assert.lengthOf(await db.from('user_sessions').where('user_id', user.id), 0)
  })

  test('a revocation written by another instance is seen at once', async ({ assert }) => {
    const user = await createUser({ email: 'other-instance@example.com', password: PASSWORD })
    const jar = await signedInJar('other-instance@example.com', PASSWORD)
    assert.equal(await status(jar), 200)
    await db
      .from('user_sessions')
      .where('user_id', user.id)
      .update({ revoked_at: new Date().toISOString().slice(0, 19).replace('T', ' ') })
    assert.equal(await status(jar), 401)
  })

  test('idle lifetime: 2 h unseen ends a session; remember-me resumes up to 7 days', async ({ assert, cleanup }) => {
    const clock = shiftSessionClock()
    cleanup(() => clock.restore())
    const user = await createUser({ email: 'idle@example.com', password: PASSWORD })

    const plain = await signedInJar('idle@example.com', PASSWORD)
    clock.advance(HOUR + 59 * MINUTE)
    assert.equal(await status(plain), 200)
    clock.advance(2 * HOUR + MINUTE)
    assert.equal(await status(plain), 401)

    const remembered = await signedInJar('idle@example.com', PASSWORD, true)
    const [first] = await db.from('user_sessions').where('user_id', user.id).where('remember', true)
    clock.advance(2 * HOUR + MINUTE)
    assert.equal(await status(remembered), 200)
    const rows = await db.from('user_sessions').where('family_id', first.family_id).orderBy('created_at')
    assert.lengthOf(rows, 2)
    assert.notEqual(rows[1].id, first.id)

    clock.advance(7 * DAY + MINUTE)
    assert.equal(await status(remembered), 401)
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', user.id), 0)
  })

  test('absolute lifetime: 30 days after sign-in even remember-me ends', async ({ assert, cleanup }) => {
    const clock = shiftSessionClock()
    cleanup(() => clock.restore())
    await createUser({ email: 'absolute@example.com', password: PASSWORD })
    const jar = await signedInJar('absolute@example.com', PASSWORD, true)
    for (let day = 1; day <= 29; day++) {
      clock.advance(DAY)
      assert.equal(await status(jar), 200, `day ${day}`)
    }
    clock.advance(DAY)
    assert.equal(await status(jar), 401)
  })

  test('last_seen_at is written at most once a minute', async ({ assert, cleanup }) => {
    const clock = shiftSessionClock()
    cleanup(() => clock.restore())
    const user = await createUser({ email: 'touch@example.com', password: PASSWORD })
    const jar = await signedInJar('touch@example.com', PASSWORD)
    const seen = async () => (await db.from('user_sessions').where('user_id', user.id).firstOrFail()).last_seen_at
    const start = await seen()
    clock.advance(30_000)
    await status(jar)
    await status(jar)
    assert.deepEqual(await seen(), start)
    clock.advance(31_000)
    await status(jar)
    assert.notDeepEqual(await seen(), start)
  })

  test('a remember-me cookie of a signed-out session does not resurrect it', async ({ assert }) => {
    const user = await createUser({ email: 'resurrect@example.com', password: PASSWORD })
    const jar = await signedInJar('resurrect@example.com', PASSWORD, true)
    const captured = copyOf(jar)
    assert.equal((await jarFetch(jar, urlFor('api.auth.logout'), { method: 'POST' })).status, 204)
    captured.cookies.delete('studyhub-session')
    assert.equal(await status(captured), 401)
    const rows = await db.from('user_sessions').where('user_id', user.id)
    assert.isTrue(rows.every((row) => row.revoked_at !== null))
  })

  test('password change ends the other sessions; this one gets a fresh record', async ({ assert }) => {
    const user = await createUser({ email: 'pwchange@example.com', password: PASSWORD })
    const other = await signedInJar('pwchange@example.com', PASSWORD)
    const current = await signedInJar('pwchange@example.com', PASSWORD)
    const changed = await jarFetch(current, urlFor('api.auth.password.update'), {
      method: 'PATCH',
      body: { current_password: PASSWORD, password: 'brand-new-pass' },
    })
    assert.equal(changed.status, 200)
    assert.equal(await status(current), 200)
    assert.equal(await status(other), 401)
    const live = await db.from('user_sessions').where('user_id', user.id).whereNull('revoked_at')
    assert.lengthOf(live, 1)
  })
})

test.group('Accounts / session record pruning (issue 23 item 8)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('accounts:prune-sessions deletes only rows that can never pass a check again', async ({ assert, cleanup }) => {
    const { startSession, revokeSession } = await import('#services/accounts/session_records')
    const { scheduledTasks } = await import('#services/scheduler/tasks')
    const clock = shiftSessionClock()
    cleanup(() => clock.restore())
    const user = await createUser()
    const revoked = await startSession(user.id, false, null)
    await revokeSession(revoked.id)
    const stale = await startSession(user.id, true, null)
    clock.advance(6 * DAY)
    const live = await startSession(user.id, true, null)
    clock.advance(2 * DAY + HOUR)
    const task = scheduledTasks.find((t) => t.name === 'accounts:prune-sessions')!
    assert.deepEqual(await task.run(), { deleted: 2 })
    const left = (await db.from('user_sessions').where('user_id', user.id)).map((r) => r.id)
    assert.deepEqual(left, [live.id])
    assert.notInclude(left, stale.id)
  })
})
