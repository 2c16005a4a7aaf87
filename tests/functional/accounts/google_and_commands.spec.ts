import { test } from '@japa/runner'
import env from '#start/env'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { createUser } from '#tests/support/users'
import { FakeGoogle } from '#tests/support/fake_google'
import { CookieJar, accountsGroup, baseUrl, jarFetch, jarLogIn } from '#tests/support/accounts'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** Runs the whole redirect → provider → callback dance with a cookie jar. */
async function googleSignIn(jar: CookieJar) {
  const start = await jarFetch(jar, '/auth/google/redirect?next=/notes')
  if (start.status !== 302) throw new Error(`redirect answered ${start.status}`)
  const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' })
  const callback = new URL(atProvider.headers.get('location')!)
  const done = await jarFetch(jar, callback.pathname + callback.search)
  return done
}

/** Signs in with Google in a fresh jar: where the callback sent the browser, and who /api/auth/me says it is. */
async function googleLanding() {
  const jar = new CookieJar()
  const done = await googleSignIn(jar)
  const me: any = await (await jarFetch(jar, urlFor('api.auth.me'))).json()
  return { location: done.headers.get('location'), userId: me.user?.id }
}

test.group('Accounts / Google sign-in against a local fake provider (SPEC G, CONTRACT 3)', (group) => {
  const google = new FakeGoogle()
  group.setup(async () => {
    await google.start()
    return () => google.stop()
  })
  accountsGroup(group)

  test('a provider-verified new user is created verified, canonical, signed in', async ({ assert }) => {
    google.next = { sub: 'g-new-1', email: 'New.Googler+x@gmail.com', email_verified: true }
    const jar = new CookieJar()
    const done = await googleSignIn(jar)
    assert.equal(done.status, 302)
    assert.equal(done.headers.get('location'), '/notes')
    const user = await User.findByOrFail('google_id', 'g-new-1')
    assert.isTrue(user.emailVerified)
    assert.equal(user.canonicalEmail, 'newgoogler@gmail.com')
    assert.include(await db.from('user_subscriptions').where('user_id', user.id).first(), {
      plan_slug: 'free',
      status: 'active',
    })
    const me = await jarFetch(jar, urlFor('api.auth.me'))
    assert.equal(me.status, 200)
    assert.equal(google.tokenRequests.at(-1)?.get('redirect_uri'), `${env.get('APP_URL')}/auth/google/callback`)
  })

  test('an existing canonical match signs in only when the provider verified the email', async ({ assert }) => {
    const existing = await createUser({ email: 'owner.name@gmail.com', verified: true })
    await User.query().where('id', existing.id).update({ canonical_email: 'ownername@gmail.com' })

    google.next = { sub: 'g-unverified', email: 'ownername@googlemail.com', email_verified: false }
    const refused = await googleSignIn(new CookieJar())
    assert.equal(refused.headers.get('location'), '/login?error=google_unverified')
    await existing.refresh()
    assert.isNull(existing.googleId)

    google.next = { sub: 'g-verified', email: 'owner.name@gmail.com', email_verified: true }
    assert.deepEqual(await googleLanding(), { location: '/notes', userId: String(existing.id) })
    assert.lengthOf(await db.from('users').where('canonical_email', 'ownername@gmail.com'), 1)
  })

  test('a squatter who signed up with the address never gets the Google identity', async ({ assert }) => {
    // The attacker signs up with the victim's address and a password; the address stays unproven.
    const attacker = new CookieJar()
    await jarFetch(attacker, urlFor('api.auth.csrf'))
    const signup = await jarFetch(attacker, urlFor('api.auth.signup'), {
      method: 'POST',
      body: { email: 'victim@example.com', password: 'attacker-pass-1' },
    })
    assert.equal(signup.status, 201)
    const squatted = await User.findByOrFail('email', 'victim@example.com')
    assert.isFalse(squatted.emailVerified)

    // The victim signs in with Google: refused, nothing linked, the victim is not signed in.
    google.next = { sub: 'g-victim', email: 'victim@example.com', email_verified: true }
    const victim = new CookieJar()
    const refused = await googleSignIn(victim)
    assert.equal(refused.headers.get('location'), '/login?error=google_unproven_account')
    await squatted.refresh()
    assert.isNull(squatted.googleId)
    assert.equal((await jarFetch(victim, urlFor('api.auth.me'))).status, 401)
    assert.lengthOf(await db.from('users').where('google_id', 'g-victim'), 0)
  })

  test('once the owner proved the address, Google joins and the squatter is out', async ({ assert }) => {
    const attacker = new CookieJar()
    await jarFetch(attacker, urlFor('api.auth.csrf'))
    await jarFetch(attacker, urlFor('api.auth.signup'), {
      method: 'POST',
      body: { email: 'victim2@example.com', password: 'attacker-pass-1' },
    })
    const squatted = await User.findByOrFail('email', 'victim2@example.com')
    // A reset link reached the victim's inbox: the password is replaced, the address proven,
    // every session of the account ended.
    const { resetPassword } = await import('#services/accounts/password_reset')
    const { issueToken } = await import('#services/accounts/one_time_tokens')
    await resetPassword(await issueToken(squatted, 'password_reset'), 'victim-new-pass-1')
    assert.equal((await jarFetch(attacker, urlFor('api.auth.me'))).status, 401)

    google.next = { sub: 'g-victim2', email: 'victim2@example.com', email_verified: true }
    assert.deepEqual(await googleLanding(), { location: '/notes', userId: String(squatted.id) })
    const login = await jarLogIn(attacker, { email: 'victim2@example.com', password: 'attacker-pass-1' })
    assert.equal(login.status, 400)
  })

  test('a disposable provider email is refused and creates no user', async ({ assert }) => {
    google.next = { sub: 'g-disposable', email: 'temp@mailinator.com', email_verified: true }
    const refused = await googleSignIn(new CookieJar())
    assert.equal(refused.headers.get('location'), '/login?error=google_disposable')
    assert.isNull(await User.findBy('google_id', 'g-disposable'))
  })

  test('a callback with a forged state is refused', async ({ assert }) => {
    const jar = new CookieJar()
    await jarFetch(jar, urlFor('pages.auth.google.redirect'))
    const forged = await jarFetch(
      jar,
      urlFor('pages.auth.google.callback', {}, { qs: { code: 'abc', state: 'forged' } })
    )
    assert.equal(forged.headers.get('location'), '/login?error=google_state')
    assert.equal(baseUrl().startsWith('http://'), true)
  })
})

test.group('Accounts / ace commands (CONTRACT 9)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('user:create makes a verified admin; a canonical duplicate fails with a non-zero exit', async ({ assert }) => {
    const command = await ace.exec('user:create', [
      'Ops.Admin@Gmail.com',
      '--password=ops-password-1',
      '--admin',
      '--verified',
      '--json',
    ])
    assert.equal(command.exitCode, 0)
    const user = await User.findByOrFail('email', 'ops.admin@gmail.com')
    assert.equal(user.role, 'admin')
    assert.isTrue(user.emailVerified)
    assert.equal(user.canonicalEmail, 'opsadmin@gmail.com')
    const dup = await ace.exec('user:create', ['opsadmin+2@googlemail.com', '--password=ops-password-1', '--json'])
    assert.equal(dup.exitCode, 1)
    const short = await ace.exec('user:create', ['short@example.com', '--password=short', '--json'])
    assert.equal(short.exitCode, 1)
  })

  test('users:backfill-canonical-email fills legacy rows; --dry-run writes nothing', async ({ assert }) => {
    const a = await createUser({ email: 'Legacy.One+x@gmail.com' })
    const b = await createUser({ email: 'legacyone@googlemail.com' })
    const c = await createUser({ email: 'Plain@Example.com' })
    const holder = await createUser({ email: 'held@example.com' })
    const d = await createUser({ email: 'HELD@example.com.' })
    await User.query().whereIn('id', [a.id, b.id, c.id, d.id]).update({ canonical_email: null })
    await User.query().where('id', holder.id).update({ canonical_email: 'held@example.com' })

    const dry = await ace.exec('users:backfill-canonical-email', ['--dry-run', '--json'])
    assert.equal(dry.exitCode, 0)
    assert.lengthOf(await db.from('users').whereNull('canonical_email'), 4)

    const run = await ace.exec('users:backfill-canonical-email', ['--batch-size=2', '--json'])
    assert.equal(run.exitCode, 0)
    await Promise.all([a, b, c, d].map((u) => u.refresh()))
    assert.equal(c.canonicalEmail, 'plain@example.com')
    assert.isNull(a.canonicalEmail)
    assert.isNull(b.canonicalEmail)
    assert.isNull(d.canonicalEmail)
  })
})
