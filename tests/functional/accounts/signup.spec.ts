import { swapSettings } from '#tests/support/settings'
import { SignupSettings } from '#services/accounts/signup_settings'
import app from '@adonisjs/core/services/app'
import { AccountMailer } from '#services/accounts/account_mailer'
import { AccountMailSettings } from '#services/accounts/account_mail_settings'
import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import env from '#start/env'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import SecurityEvent from '#models/security_event'
import { createUser } from '#tests/support/users'
import { accountsGroup, fakeMail, randomIp, resetThrottles, PASSWORD } from '#tests/support/accounts'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Accounts / sign-up (CONTRACT 3, SPEC G)', (group) => {
  accountsGroup(group, { mail: true })

  test('POST /api/auth/signup: 201 { user }, signed in, verification mailed', async ({ client, assert }) => {
    const mails = fakeMail()
    const response = await api(client)
      .post(urlFor('api.auth.signup'), { email: 'New.Person@Example.com', password: PASSWORD, username: 'newperson' })
      .header('x-forwarded-for', randomIp())
    response.assertStatus(201)
    const user = response.body().user
    assert.deepEqual(Object.keys(user).sort(), ['created_at', 'email', 'email_verified', 'id', 'role', 'username'])
    assert.isString(user.id)
    assert.equal(user.email, 'new.person@example.com')
    assert.equal(user.username, 'newperson')
    assert.isFalse(user.email_verified)
    assert.equal(user.role, 'user')
    assert.match(user.created_at, /^\d{4}-\d{2}-\d{2}T.*Z$/)
    // Signed in: the session cookie of the answer authenticates GET /api/auth/me.
    const sessionCookie = response.cookie('studyhub-session')
    assert.exists(sessionCookie)
    const row = await User.findByOrFail('email', 'new.person@example.com')
    assert.equal(row.canonicalEmail, 'new.person@example.com')
    // docs/rules/billing.md#plans: every user has a local subscription row; a new user starts on free, active.
    const subscription = await db.from('user_subscriptions').where('user_id', row.id).first()
    assert.include(subscription, { plan_slug: 'free', status: 'active' })
    assert.notEqual(row.password, PASSWORD)
    const links = mails.verificationLinks('new.person@example.com')
    assert.lengthOf(links, 1)
    assert.match(links[0], new RegExp(`^${env.get('APP_URL')}/verify-email\\?token=[A-Za-z0-9_-]{43}$`))
  })

  test('a failed verification-token write leaves no user; the retry succeeds', async ({ assert, cleanup }) => {
    const { default: UserToken } = await import('#models/user_token')
    const { createAccount } = await import('#services/accounts/signup_service')
    const original = UserToken.create
    const restore = () => {
      UserToken.create = original
    }
    UserToken.create = (async () => {
      throw new Error('simulated token write failure')
    }) as typeof UserToken.create
    cleanup(restore)
    const resolver = app.container.createResolver()
    const deps = {
      mailer: await resolver.make(AccountMailer),
      mailLimits: await resolver.make(AccountMailSettings),
      signup: await resolver.make(SignupSettings),
    }
    await assert.rejects(
      () => createAccount({ email: 'half-signup@example.com', password: PASSWORD }, deps),
      'simulated token write failure'
    )
    restore()
    assert.isNull(await User.findBy('email', 'half-signup@example.com'))
    const user = await createAccount({ email: 'half-signup@example.com', password: PASSWORD }, deps)
    assert.equal(user.email, 'half-signup@example.com')
    assert.lengthOf(await db.from('user_tokens').where('user_id', user.id).where('type', 'email_verification'), 1)
  })

  test('a sign-up without X-XSRF-TOKEN is 403 FORBIDDEN with the contract body', async ({ client, assert }) => {
    const response = await client
      .post(urlFor('api.auth.signup'))
      .header('x-forwarded-for', randomIp())
      .json({ email: 'csrf@example.com', password: PASSWORD })
    response.assertStatus(403)
    assert.deepEqual(response.body(), { code: 'FORBIDDEN', message: response.body().message, status: 403 })
    assert.isNull(await User.findBy('email', 'csrf@example.com'))
  })

  test('CONTRACT 3: password must be 8..128 characters (400 BAD_REQUEST with errors[])', async ({ client, assert }) => {
    for (const password of ['short77', 'x'.repeat(129)]) {
      const response = await api(client)
        .post(urlFor('api.auth.signup'), { email: `p${password.length}@example.com`, password })
        .header('x-forwarded-for', randomIp())
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
      assert.equal(response.body().errors[0].field, 'password')
    }
    const ok = await api(client)
      .post(urlFor('api.auth.signup'), { email: 'p128@example.com', password: 'y'.repeat(128) })
      .header('x-forwarded-for', randomIp())
    ok.assertStatus(201)
  })

  test('a disposable domain (or subdomain) is 400 and creates no user row', async ({ client, assert }) => {
    for (const email of ['someone@mailinator.com', 'someone@inbox.mailinator.com', 'SomeOne@MAILINATOR.COM']) {
      const response = await api(client)
        .post(urlFor('api.auth.signup'), { email, password: PASSWORD })
        .header('x-forwarded-for', randomIp())
      response.assertStatus(400)
      assert.deepEqual(response.body(), {
        code: 'BAD_REQUEST',
        message: 'This email provider is not supported',
        status: 400,
      })
    }
    const count = await db
      .from('users')
      .whereRaw('LOWER(email) LIKE ?', ['%mailinator.com'])
      .count('* as total')
      .first()
    assert.equal(Number(count.total), 0)
  })

  test('SPEC G rule 2: AUTH_DISPOSABLE_ALLOWLIST overrides the block list', async ({ client, assert, cleanup }) => {
    cleanup(swapSettings(SignupSettings, { disposableAllowlist: ['example.org', 'mailinator.com'] }))
    const response = await api(client)
      .post(urlFor('api.auth.signup'), { email: 'allowed@mailinator.com', password: PASSWORD })
      .header('x-forwarded-for', randomIp())
    response.assertStatus(201)
    assert.isNotNull(await User.findBy('email', 'allowed@mailinator.com'))
  })

  test('a blank optional username is no username (201, null), as the sign-up form sends none', async ({
    client,
    assert,
  }) => {
    for (const [email, username] of [
      ['blank-username@example.com', ''],
      ['spaces-username@example.com', '   '],
      ['null-username@example.com', null],
    ]) {
      const response = await api(client)
        .post(urlFor('api.auth.signup'), { email, password: PASSWORD, username })
        .header('x-forwarded-for', randomIp())
      response.assertStatus(201)
      assert.isNull(response.body().user.username, String(email))
    }
    const short = await api(client)
      .post(urlFor('api.auth.signup'), { email: 'short-username@example.com', password: PASSWORD, username: 'ab' })
      .header('x-forwarded-for', randomIp())
    assertErrorBody(assert, short, 400, 'BAD_REQUEST')
  })

  test('literal, canonical and username duplicates are 409 "Email is already in use"', async ({ client, assert }) => {
    await createUser({ email: 'john.doe@gmail.com', username: 'johnny' })
    await User.query().where('email', 'john.doe@gmail.com').update({ canonical_email: 'johndoe@gmail.com' })
    const attempts = [
      { email: 'john.doe@gmail.com' },
      { email: 'JOHN.DOE@GMAIL.COM' },
      { email: 'j.o.h.n.d.o.e+spam@googlemail.com' },
      { email: 'johndoe+x@gmail.com' },
      { email: 'other-person@example.com', username: 'Johnny' },
    ]
    for (const body of attempts) {
      const response = await api(client)
        .post(urlFor('api.auth.signup'), { ...body, password: PASSWORD })
        .header('x-forwarded-for', randomIp())
      response.assertStatus(409)
      assert.deepEqual(response.body(), { code: 'CONFLICT', message: 'Email is already in use', status: 409 })
    }
    const total = await db.from('users').count('* as total').first()
    assert.equal(Number(total.total), 1)
  })

  test('canonical_email is persisted (gmail dots and +alias, googlemail folded)', async ({ client, assert }) => {
    const response = await api(client)
      .post(urlFor('api.auth.signup'), { email: 'Ada.Lovelace+study@GoogleMail.com', password: PASSWORD })
      .header('x-forwarded-for', randomIp())
    response.assertStatus(201)
    const user = await User.findByOrFail('email', 'ada.lovelace+study@googlemail.com')
    assert.equal(user.canonicalEmail, 'adalovelace@gmail.com')
  })

  test('the 4th sign-up from one IP in 24 h is 429 with Retry-After (limit 3)', async ({ client, assert }) => {
    const ip = randomIp()
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      // Attempts count whether they succeed or not (the 2nd is a disposable address).
      const email = i === 1 ? `x${i}@mailinator.com` : `limit${i}-${ip}@example.com`
      const response = await api(client)
        .post(urlFor('api.auth.signup'), { email, password: PASSWORD })
        .header('x-forwarded-for', ip)
      statuses.push(response.status())
    }
    assert.deepEqual(statuses, [201, 400, 201])
    const blocked = await api(client)
      .post(urlFor('api.auth.signup'), { email: `limit-last-${ip}@example.com`, password: PASSWORD })
      .header('x-forwarded-for', ip)
    assertErrorBody(assert, blocked, 429, 'TOO_MANY_REQUESTS')
    assert.equal(blocked.body().status, 429)
    assert.notInclude(blocked.body().message, 'limit-last')
    assert.notInclude(blocked.body().message.toLowerCase(), 'exist')
    assert.isAbove(Number(blocked.header('retry-after')), 0)
    assert.isNull(await User.findBy('email', `limit-last-${ip}@example.com`))
    const events = await SecurityEvent.query().where('type', 'SIGNUP_ATTEMPT').where('ip_address', ip)
    assert.lengthOf(events, 4)
    // Another address is not affected.
    const other = await api(client)
      .post(urlFor('api.auth.signup'), { email: `other-${ip}@example.com`, password: PASSWORD })
      .header('x-forwarded-for', randomIp())
    other.assertStatus(201)
  })

  test('AUTH_SIGNUP_RATE_LIMIT_PER_DAY sets the limit; older attempts do not count', async ({ client, cleanup }) => {
    cleanup(swapSettings(SignupSettings, { signupLimitPerDay: 1 }))
    const ip = randomIp()
    await SecurityEvent.create({ type: 'SIGNUP_ATTEMPT', ipAddress: ip, userId: null, details: null })
    await SecurityEvent.query().where('ip_address', ip).update({ created_at: '2000-01-01 00:00:00' })
    const first = await api(client)
      .post(urlFor('api.auth.signup'), { email: `one-${ip}@example.com`, password: PASSWORD })
      .header('x-forwarded-for', ip)
    first.assertStatus(201)
    const second = await api(client)
      .post(urlFor('api.auth.signup'), { email: `two-${ip}@example.com`, password: PASSWORD })
      .header('x-forwarded-for', ip)
    second.assertStatus(429)
  })

  test('SPEC G rule 1 (beyond): IPv6 callers are grouped by /64', async ({ client, assert }) => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`
    for (const suffix of ['::1', '::2', ':aaaa:bbbb:cccc:dddd']) {
      const response = await api(client)
        .post(urlFor('api.auth.signup'), {
          email: `v6${suffix.replaceAll(':', '')}-${prefix.replaceAll(':', '')}@example.com`,
          password: PASSWORD,
        })
        .header('x-forwarded-for', `${prefix}${suffix}`)
      response.assertStatus(201)
    }
    const blocked = await api(client)
      .post(urlFor('api.auth.signup'), {
        email: `v6-blocked-${prefix.replaceAll(':', '')}@example.com`,
        password: PASSWORD,
      })
      .header('x-forwarded-for', `${prefix}::ffff`)
    blocked.assertStatus(429)
    const neighbour = await api(client)
      .post(urlFor('api.auth.signup'), {
        email: `v6-neighbour-${prefix.replaceAll(':', '')}@example.com`,
        password: PASSWORD,
      })
      .header('x-forwarded-for', `${prefix}1::1`)
    neighbour.assertStatus(201)
    assert.equal(blocked.body().code, 'TOO_MANY_REQUESTS')
  })

  test('the vendored block list is read from the repo: 5,467+ domains', async ({ assert }) => {
    const { readFileSync } = await import('node:fs')
    const { disposableDomains, blocklistPath } = await import('#services/accounts/disposable_domains')
    assert.equal(blocklistPath(), app.makePath('resources/data/disposable_domains.txt'))
    const lines = readFileSync(blocklistPath(), 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
    assert.isAtLeast(lines.length, 5467)
    assert.equal(disposableDomains().size, new Set(lines.map((l) => l.trim().toLowerCase())).size)
    assert.isTrue(disposableDomains().has('mailinator.com'))
    assert.isFalse(disposableDomains().has('gmail.com'))
  })
})

test.group('Accounts / concurrent sign-up (commits for real)', (group) => {
  const emails = ['race.condition+a@gmail.com', 'raceCondition@googlemail.com', 'r.a.c.e.condition@gmail.com']
  group.each.setup(async () => {
    await resetThrottles()
    const mails = fakeMail()
    return async () => {
      mails.restore()
      const ids = (await db.from('users').where('canonical_email', 'racecondition@gmail.com').select('id')).map(
        (r) => r.id
      )
      if (ids.length) {
        await db.from('user_tokens').whereIn('user_id', ids).delete()
        await db.from('security_events').whereIn('user_id', ids).delete()
        await db.from('users').whereIn('id', ids).delete()
      }
      await db.from('security_events').where('ip_address', 'like', '198.19.%').delete()
    }
  })

  test('concurrent sign-ups of one canonical email make one user; others get 409', async ({ client, assert }) => {
    const responses = await Promise.all(
      emails.map((email, i) =>
        api(client)
          .post(urlFor('api.auth.signup'), { email, password: PASSWORD })
          .header('x-forwarded-for', `198.19.0.${i + 1}`)
      )
    )
    const statuses = responses.map((r) => r.status()).sort()
    assert.deepEqual(statuses, [201, 409, 409])
    for (const r of responses.filter((res) => res.status() === 409))
      assert.equal(r.body().message, 'Email is already in use')
    const rows = await db.from('users').where('canonical_email', 'racecondition@gmail.com')
    assert.lengthOf(rows, 1)
  })
})
