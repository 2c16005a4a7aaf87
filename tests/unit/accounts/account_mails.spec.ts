import { test } from '@japa/runner'
import VerifyEmailMail from '#mails/verify_email_mail'
import ResetPasswordMail from '#mails/reset_password_mail'

async function built(mail: VerifyEmailMail | ResetPasswordMail) {
  await mail.build()
  return mail.message.toObject().message as { to: any; subject: string; text: string; html: string }
}

test.group('Accounts / account mails (CONTRACT 3 one-time links)', () => {
  test('the verification mail carries the 24 h link in text and HTML, escaped', async ({ assert }) => {
    const link = 'http://127.0.0.1:3333/verify-email?token=abc&x="<b>"'
    const message = await built(new VerifyEmailMail('ann@example.com', link))
    assert.equal(message.subject, 'Verify your StudyHub email address')
    assert.include(JSON.stringify(message.to), 'ann@example.com')
    assert.equal(
      message.text,
      [
        'Welcome to StudyHub!',
        '',
        'Confirm your email address to unlock AI tools and uploads:',
        link,
        '',
        'The link works once and expires in 24 hours. If you did not sign up, ignore this mail.',
      ].join('\n')
    )
    const escaped = 'http://127.0.0.1:3333/verify-email?token=abc&amp;x=&quot;&lt;b&gt;&quot;'
    assert.include(message.html, `<a href="${escaped}">Verify my email</a>`)
    assert.include(message.html, `<p>${escaped}</p>`)
    assert.notInclude(message.html, '<b>')
  })

  test('the reset mail carries the 1 h link in text and HTML', async ({ assert }) => {
    const link = 'http://127.0.0.1:3333/reset-password?token=tok123'
    const message = await built(new ResetPasswordMail('bob@example.com', link))
    assert.equal(message.subject, 'Reset your StudyHub password')
    assert.include(JSON.stringify(message.to), 'bob@example.com')
    assert.equal(
      message.text,
      [
        'Someone asked to reset the password of your StudyHub account.',
        '',
        'Choose a new password here:',
        link,
        '',
        'The link works once and expires in 1 hour. If it was not you, ignore this mail.',
      ].join('\n')
    )
    assert.include(message.html, `<a href="${link}">Choose a new password</a>`)
    assert.include(message.html, 'expires in 1 hour')
  })
})
