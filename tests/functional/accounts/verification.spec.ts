import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createHash } from 'node:crypto'
import User from '#models/user'
import { createUser } from '#tests/support/users'
import { accountsGroup, fakeMail, randomIp, logIn, PASSWORD } from '#tests/support/accounts'
import { issueToken } from '#services/accounts/one_time_tokens'
import { assertEmailVerified } from '#services/accounts/email_verified_guard'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Accounts / email verification (SPEC G, CONTRACT 3)', (group) => {
  accountsGroup(group, { mail: true })

  test('the mailed token verifies once: 200 { verified: true }, then 400 reason "used"', async ({ client, assert }) => {
    const mails = fakeMail()
    const signup = await api(client)
      .post(urlFor('api.auth.signup'), { email: 'verify-me@example.com', password: PASSWORD })
      .header('x-forwarded-for', randomIp())
    signup.assertStatus(201)
    const [token] = mails.verificationTokens('verify-me@example.com')
    // Stored hashed (SHA-256), never in the clear; 24 h of life.
    const row = await db.from('user_tokens').where('type', 'email_verification').orderBy('id', 'desc').first()
    assert.equal(row.token_hash, createHash('sha256').update(token).digest('hex'))
    assert.notEqual(row.token_hash, token)
    assert.equal(Buffer.from(token, 'base64url').length, 32)
    const ttlHours = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 3_600_000
    assert.closeTo(ttlHours, 24, 0.01)

    const first = await api(client).post(urlFor('api.auth.verify_email'), { token })
    first.assertStatus(200)
    assert.deepEqual(first.body(), { verified: true })
    const user = await User.findByOrFail('email', 'verify-me@example.com')
    assert.isTrue(user.emailVerified)

    const second = await api(client).post(urlFor('api.auth.verify_email'), { token })
    assertErrorBody(assert, second, 400, 'BAD_REQUEST')
    assert.equal(second.body().reason, 'used')
  })

  test('an expired token is 400 reason "expired"; an unknown one reason "invalid"', async ({ client, assert }) => {
    const user = await createUser({ verified: false })
    const token = await issueToken(user, 'email_verification')
    await db.from('user_tokens').where('user_id', user.id).update({ expires_at: '2000-01-01 00:00:00' })
    const expired = await api(client).post(urlFor('api.auth.verify_email'), { token })
    expired.assertStatus(400)
    assert.equal(expired.body().reason, 'expired')
    const invalid = await api(client).post(urlFor('api.auth.verify_email'), { token: 'A'.repeat(43) })
    invalid.assertStatus(400)
    assert.deepInclude(invalid.body(), { code: 'BAD_REQUEST', status: 400, reason: 'invalid' })
    await user.refresh()
    assert.isFalse(user.emailVerified)
  })

  test('concurrent uses of one token verify exactly once', async ({ client, assert }) => {
    const user = await createUser({ verified: false })
    const token = await issueToken(user, 'email_verification')
    const answers = await Promise.all([1, 2, 3].map(() => api(client).post(urlFor('api.auth.verify_email'), { token })))
    const statuses = answers.map((a) => a.status()).sort()
    assert.deepEqual(statuses, [200, 400, 400])
  })

  test('POST /api/auth/resend-verification: 202 and a new link; 401 signed out', async ({ client, assert }) => {
    const mails = fakeMail()
    const user = await createUser({ email: 'resend@example.com', verified: false })
    const anonymous = await api(client).post(urlFor('api.auth.resend_verification'))
    anonymous.assertStatus(401)
    const response = await api(client, user).post(urlFor('api.auth.resend_verification'))
    response.assertStatus(202)
    assert.lengthOf(mails.verificationTokens('resend@example.com'), 1)
    const verify = await api(client).post(urlFor('api.auth.verify_email'), {
      token: mails.verificationTokens('resend@example.com')[0],
    })
    verify.assertStatus(200)
  })

  test('resending: at most 3 mails per hour per address; every answer is 202', async ({ client, assert }) => {
    const mails = fakeMail()
    const user = await createUser({ email: 'resend-limit@example.com', verified: false })
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await api(client, user).post(urlFor('api.auth.resend_verification')))
    for (const answer of answers) {
      answer.assertStatus(202)
      assert.deepEqual(answer.body(), answers[0].body())
    }
    assert.lengthOf(mails.verificationTokens('resend-limit@example.com'), 3)
    // A verified user gets the same answer and no mail.
    const verified = await createUser({ email: 'resend-verified@example.com', verified: true })
    const same = await api(client, verified).post(urlFor('api.auth.resend_verification'))
    same.assertStatus(202)
    assert.deepEqual(same.body(), answers[0].body())
    assert.lengthOf(mails.verificationTokens('resend-verified@example.com'), 0)
  })

  test('the email guard answers 403 EMAIL_NOT_VERIFIED for unverified users', async ({ assert }) => {
    try {
      assertEmailVerified({ emailVerified: false })
      assert.fail('expected a throw')
    } catch (error: any) {
      assert.equal(error.status, 403)
      assert.equal(error.code, 'EMAIL_NOT_VERIFIED')
    }
    assert.doesNotThrow(() => assertEmailVerified({ emailVerified: true }))
  })
})

test.group('Accounts / settings: email, profile (issue 10 item 6)', (group) => {
  accountsGroup(group, { mail: true })

  test('PATCH /api/auth/email unverifies, mails the new address, kills old links', async ({ client, assert }) => {
    const mails = fakeMail()
    const user = await createUser({ email: 'before@example.com', password: PASSWORD, verified: true })
    const oldToken = await issueToken(user, 'email_verification')
    const response = await api(client, user).patch(urlFor('api.auth.email.update'), {
      email: 'After.Change@Example.com',
      current_password: PASSWORD,
    })
    response.assertStatus(200)
    assert.equal(response.body().user.email, 'after.change@example.com')
    assert.isFalse(response.body().user.email_verified)
    await user.refresh()
    assert.equal(user.canonicalEmail, 'after.change@example.com')
    assert.isFalse(user.emailVerified)
    assert.lengthOf(mails.verificationTokens('after.change@example.com'), 1)
    const stale = await api(client).post(urlFor('api.auth.verify_email'), { token: oldToken })
    stale.assertStatus(400)
    assert.equal(stale.body().reason, 'invalid')
    const fresh = await api(client).post(urlFor('api.auth.verify_email'), {
      token: mails.verificationTokens('after.change@example.com')[0],
    })
    fresh.assertStatus(200)
  })

  test('PATCH /api/auth/email checks disposable and canonical, needs the password', async ({ client, assert }) => {
    await createUser({ email: 'taken.name@gmail.com' })
    const user = await createUser({ email: 'mover@example.com', password: PASSWORD })
    const wrong = await api(client, user).patch(urlFor('api.auth.email.update'), {
      email: 'new@example.com',
      current_password: 'not-the-password',
    })
    wrong.assertStatus(400)
    const disposable = await api(client, user).patch(urlFor('api.auth.email.update'), {
      email: 'me@mailinator.com',
      current_password: PASSWORD,
    })
    disposable.assertStatus(400)
    assert.equal(disposable.body().message, 'This email provider is not supported')
    await User.query().where('email', 'taken.name@gmail.com').update({ canonical_email: 'takenname@gmail.com' })
    const duplicate = await api(client, user).patch(urlFor('api.auth.email.update'), {
      email: 'TakenName+1@googlemail.com',
      current_password: PASSWORD,
    })
    duplicate.assertStatus(409)
    assert.equal(duplicate.body().message, 'Email is already in use')
    const anonymous = await api(client).patch(urlFor('api.auth.email.update'), {
      email: 'x@example.com',
      current_password: PASSWORD,
    })
    anonymous.assertStatus(401)
    await user.refresh()
    assert.equal(user.email, 'mover@example.com')
    assert.isTrue(user.emailVerified)
  })

  test('PATCH /api/auth/profile sets the username; a taken one (any case) is 409', async ({ client, assert }) => {
    await createUser({ username: 'Grace' })
    const user = await createUser()
    const ok = await api(client, user).patch(urlFor('api.auth.profile.update'), { username: 'ada_l' })
    ok.assertStatus(200)
    assert.equal(ok.body().user.username, 'ada_l')
    const taken = await api(client, user).patch(urlFor('api.auth.profile.update'), { username: 'grace' })
    assertErrorBody(assert, taken, 409, 'CONFLICT')
    const bad = await api(client, user).patch(urlFor('api.auth.profile.update'), { username: 'no spaces!' })
    bad.assertStatus(400)
  })
})

test.group('Accounts / password reset (CONTRACT 3)', (group) => {
  accountsGroup(group, { mail: true })

  test('forgot-password: 202 for known and unknown alike; only known get mail', async ({ client, assert }) => {
    const mails = fakeMail()
    await createUser({ email: 'forgetful@example.com' })
    const known = await api(client).post(urlFor('api.auth.forgot_password'), { email: 'forgetful@example.com' })
    const unknown = await api(client).post(urlFor('api.auth.forgot_password'), { email: 'ghost@example.com' })
    known.assertStatus(202)
    unknown.assertStatus(202)
    assert.deepEqual(known.body(), unknown.body())
    assert.lengthOf(mails.resetTokens('forgetful@example.com'), 1)
    assert.lengthOf(mails.resetTokens('ghost@example.com'), 0)
  })

  test('reset-password: 200, sets the password once, revokes remember-me tokens', async ({ client, assert }) => {
    const mails = fakeMail()
    const user = await createUser({ email: 'resetter@example.com', password: PASSWORD })
    await api(client).post(urlFor('api.auth.forgot_password'), { email: 'resetter@example.com' })
    const [token] = mails.resetTokens('resetter@example.com')
    const short = await api(client).post(urlFor('api.auth.reset_password'), { token, password: 'short' })
    short.assertStatus(400)
    const ok = await api(client).post(urlFor('api.auth.reset_password'), { token, password: 'a-new-password' })
    ok.assertStatus(200)
    const again = await api(client).post(urlFor('api.auth.reset_password'), { token, password: 'another-password' })
    again.assertStatus(400)
    assert.equal(again.body().reason, 'used')
    const login = await logIn(client, 'resetter@example.com', 'a-new-password')
    login.assertStatus(200)
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', user.id), 0)
  })
})

test.group('Accounts / token effects commit with the token (review)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  /** Makes every User save fail until restored, as a dropped connection would. */
  function failUserSaves() {
    const original = User.prototype.save
    User.prototype.save = async function () {
      throw new Error('simulated write failure')
    }
    return () => {
      User.prototype.save = original
    }
  }

  test('a reset whose password write fails leaves the link and old password', async ({ assert, cleanup }) => {
    const { resetPassword } = await import('#services/accounts/password_reset')
    const { verifyLogin } = await import('#services/accounts/credentials')
    const user = await createUser({ email: 'half-reset@example.com', password: PASSWORD })
    const token = await issueToken(user, 'password_reset')
    const restore = failUserSaves()
    cleanup(restore)
    await assert.rejects(() => resetPassword(token, 'a-brand-new-password'), 'simulated write failure')
    restore()
    const row = await db.from('user_tokens').where('user_id', user.id).where('type', 'password_reset').first()
    assert.isNull(row.used_at)
    await verifyLogin('half-reset@example.com', PASSWORD)
    await resetPassword(token, 'a-brand-new-password')
    await verifyLogin('half-reset@example.com', 'a-brand-new-password')
  })

  test('a verification whose write fails leaves the token usable once', async ({ assert, cleanup }) => {
    const { verifyEmail } = await import('#services/accounts/email_verification')
    const user = await createUser({ email: 'half-verify@example.com', verified: false })
    const token = await issueToken(user, 'email_verification')
    const restore = failUserSaves()
    cleanup(restore)
    await assert.rejects(() => verifyEmail(token), 'simulated write failure')
    restore()
    await user.refresh()
    assert.isFalse(Boolean(user.emailVerified))
    await verifyEmail(token)
    await user.refresh()
    assert.isTrue(Boolean(user.emailVerified))
  })
})
