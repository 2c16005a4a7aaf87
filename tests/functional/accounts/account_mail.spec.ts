import { test } from '@japa/runner'
import { api } from '#tests/support/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { createUser } from '#tests/support/users'
import { accountsGroup, fakeMail, PASSWORD } from '#tests/support/accounts'
import { SmtpSink } from '#tests/support/smtp_sink'
import { swapSettings } from '#tests/support/settings'
import { AccountMailSettings } from '#services/accounts/account_mail_settings'
import { drainMails } from '#services/mail/background_outbox'
import { passwordMatches } from '#services/accounts/credentials'

/*
| Issue 23 item 9: tokens die with the address they were mailed to; reset, verification and
| email-change mails are limited per address and per account with one answer for everyone
| (docs/rules/accounts.md#account-mail); mail leaves the request path.
*/

test.group('Accounts / tokens after an email or password change (issue 23 item 9)', (group) => {
  accountsGroup(group, { mail: true })

  test('a reset link issued before an email change no longer works after it', async ({ client, assert }) => {
    const mails = fakeMail()
    const user = await createUser({ email: 'victim-old@example.com', password: PASSWORD })
    ;(await api(client).post(urlFor('api.auth.forgot_password'), { email: 'victim-old@example.com' })).assertStatus(202)
    const [oldLink] = mails.resetTokens('victim-old@example.com')
    assert.isString(oldLink)

    const change = await api(client, user).patch(urlFor('api.auth.email.update'), {
      email: 'victim-new@example.com',
      current_password: PASSWORD,
    })
    change.assertStatus(200)

    const reset = await api(client).post(urlFor('api.auth.reset_password'), {
      token: oldLink,
      password: 'attacker-password-1',
    })
    reset.assertStatus(400)
    assert.equal(reset.body().reason, 'invalid')
    await user.refresh()
    assert.isTrue(await passwordMatches(user, PASSWORD), 'the password is unchanged')
  })

  test('a password change retires the reset links sent before it', async ({ client, assert }) => {
    const mails = fakeMail()
    const user = await createUser({ email: 'changer@example.com', password: PASSWORD })
    await api(client).post(urlFor('api.auth.forgot_password'), { email: 'changer@example.com' })
    const [link] = mails.resetTokens('changer@example.com')
    const change = await api(client, user).patch(urlFor('api.auth.password.update'), {
      current_password: PASSWORD,
      password: 'brand-new-pass-1',
    })
    change.assertStatus(200)
    const reset = await api(client).post(urlFor('api.auth.reset_password'), {
      token: link,
      password: 'attacker-password-1',
    })
    reset.assertStatus(400)
    await user.refresh()
    assert.isTrue(await passwordMatches(user, 'brand-new-pass-1'))
  })
})

test.group('Accounts / mail limits per address and per account (issue 23 item 9, CONTRACT 15)', (group) => {
  accountsGroup(group, { mail: true })

  test('forgot-password: 3 mails per address per hour; same answer for everyone', async ({ client, assert }) => {
    const mails = fakeMail()
    await createUser({ email: 'bombed@example.com' })
    const answers = []
    for (let i = 0; i < 5; i++) {
      answers.push(await api(client).post(urlFor('api.auth.forgot_password'), { email: 'bombed@example.com' }))
      answers.push(await api(client).post(urlFor('api.auth.forgot_password'), { email: 'nobody-here@example.com' }))
    }
    for (const answer of answers) {
      assert.equal(answer.status(), 202)
      assert.deepEqual(answer.body(), answers[0].body())
      assert.deepEqual(Object.keys(answer.headers()).sort(), Object.keys(answers[0].headers()).sort())
    }
    assert.lengthOf(mails.resetTokens('bombed@example.com'), 3)
    assert.lengthOf(mails.resetTokens('nobody-here@example.com'), 0)
  })

  test('the per-address limit is a setting; case variants count as one', async ({ client, assert, cleanup }) => {
    const mails = fakeMail()
    cleanup(() => mails.restore())
    cleanup(swapSettings(AccountMailSettings, { perAddressPerHour: 1 }))
    await createUser({ email: 'once@example.com' })
    await client.post(urlFor('api.auth.forgot_password')).json({ email: 'once@example.com' }).withCsrfToken()
    await client.post(urlFor('api.auth.forgot_password')).json({ email: 'ONCE@Example.com' }).withCsrfToken()
    assert.lengthOf(mails.resetTokens('once@example.com'), 1)
  })

  test('an account gets at most 5 mails per hour, whatever the addresses', async ({ client, assert }) => {
    const mails = fakeMail()
    const user = await createUser({ email: 'hopper-0@example.com', password: PASSWORD })
    for (let i = 1; i <= 7; i++) {
      const change = await api(client, user).patch(urlFor('api.auth.email.update'), {
        email: `hopper-${i}@example.com`,
        current_password: PASSWORD,
      })
      change.assertStatus(200)
      assert.equal(change.body().user.email, `hopper-${i}@example.com`)
    }
    const sent = Array.from({ length: 7 }, (_, i) => mails.verificationTokens(`hopper-${i + 1}@example.com`).length)
    assert.deepEqual(sent, [1, 1, 1, 1, 1, 0, 0])
  })
})

test.group('Accounts / mail off the request path (issue 23 item 9)', (group) => {
  accountsGroup(group)

  test('forgot-password answers before the (slow) SMTP server has the mail', async ({ client, assert, cleanup }) => {
    const sink = await new SmtpSink({ delayMs: 2000 }).start()
    cleanup(async () => {
      await drainMails(10_000)
      await sink.stop()
    })
    await createUser({ email: 'patient@example.com' })
    const response = await api(client).post(urlFor('api.auth.forgot_password'), { email: 'patient@example.com' })
    response.assertStatus(202)
    // Ordering, not a stopwatch: the answer is out while the server still holds the mail.
    assert.lengthOf(sink.mails, 0, 'the request did not wait for SMTP')
    const mail = await sink.waitFor('patient@example.com', '/reset-password?token=')
    assert.include(mail.text, '/reset-password?token=')
  })

  test('a down SMTP server fails no request; the mail is retried later', async ({ client, assert, cleanup }) => {
    const sink = new SmtpSink()
    // Point SMTP at a port where nothing listens yet, then start the sink there.
    const { freePort } = await import('#tests/support/free_port')
    const port = await freePort()
    cleanup(SmtpSink.pointAt(port))
    cleanup(async () => {
      await drainMails(10_000)
    })
    await createUser({ email: 'retried@example.com' })
    const response = await client
      .post(urlFor('api.auth.forgot_password'))
      .json({ email: 'retried@example.com' })
      .withCsrfToken()
    response.assertStatus(202)
    await sink.listenOn(port)
    cleanup(() => sink.close())
    const delivered = await sink.waitFor('retried@example.com', '/reset-password?token=')
    assert.include(delivered.text, 'reset-password')
  })
})
