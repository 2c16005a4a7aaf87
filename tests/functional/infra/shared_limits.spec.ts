import { test } from '@japa/runner'
import { api } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { fakeMail, resetThrottles } from '#tests/support/accounts'
import { SIGNUP_ATTEMPT } from '#services/accounts/signup_service'
import { urlFor } from '@adonisjs/core/services/url_builder'

/*
| Issue 16 item 3 (docs/rules/hardening.md#bad-input): the per-IP sign-up limit and the resend limit hold under
| concurrency. These tests commit for real (no global transaction) and clean up after.
*/
test.group('Infra / atomic per-IP limits (CONTRACT 12, issue 16)', (group) => {
  const ip = '198.19.77.7'
  const emailPrefix = 'burst-16-'
  const cleanup = async () => {
    await db.from('users').where('email', 'like', `${emailPrefix}%`).delete()
    await db.from('security_events').where('ip_address', ip).delete()
  }
  group.each.setup(async () => {
    await resetThrottles()
    await cleanup()
    const mails = fakeMail()
    return async () => {
      mails.restore()
      await cleanup()
    }
  })

  test('50 parallel sign-ups from one IP (limit 3) create at most 3 users', async ({ client, assert }) => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api(client)
          .post(urlFor('api.auth.signup'), { email: `${emailPrefix}${i}@example.com`, password: 'correct-horse-1' })
          .header('x-forwarded-for', ip)
      )
    )
    const statuses = responses.map((r) => r.status())
    assert.equal(statuses.filter((s) => s === 201).length, 3)
    assert.equal(statuses.filter((s) => s === 429).length, 47)
    for (const refused of responses.filter((r) => r.status() === 429)) {
      assert.equal(refused.body().code, 'TOO_MANY_REQUESTS')
      assert.isAbove(Number(refused.header('retry-after')), 0)
    }
    const users = await db.from('users').where('email', 'like', `${emailPrefix}%`).count('* as total')
    assert.equal(Number(users[0].total), 3)
    const attempts = await db
      .from('security_events')
      .where('type', SIGNUP_ATTEMPT)
      .where('ip_address', ip)
      .count('* as total')
    assert.equal(Number(attempts[0].total), 50)
  })

  test('10 parallel resends for one user send exactly 3 mails; every answer is 202', async ({ client, assert }) => {
    const mails = fakeMail()
    const user = await createUser({ email: `${emailPrefix}resend@example.com`, verified: false })
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => api(client, user).post(urlFor('api.auth.resend_verification')))
    )
    const statuses = responses.map((r) => r.status())
    assert.deepEqual(statuses, Array(10).fill(202))
    assert.lengthOf(mails.verificationTokens(`${emailPrefix}resend@example.com`), 3)
    const recorded = await db.from('account_mail_events').where('user_id', user.id).count('* as total')
    assert.equal(Number(recorded[0].total), 3)
  })
})
