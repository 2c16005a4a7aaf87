import { BaseMail } from '@adonisjs/mail'
import { escapeHtml } from '#mails/verify_email_mail'

/** The password-reset mail: one link to /reset-password?token=..., valid 1 hour. */
export default class ResetPasswordMail extends BaseMail {
  subject = 'Reset your StudyHub password'

  constructor(
    readonly recipient: string,
    readonly link: string
  ) {
    super()
  }

  prepare() {
    this.message.to(this.recipient)
    this.message.text(
      [
        'Someone asked to reset the password of your StudyHub account.',
        '',
        'Choose a new password here:',
        this.link,
        '',
        'The link works once and expires in 1 hour. If it was not you, ignore this mail.',
      ].join('\n')
    )
    this.message.html(
      `<p>Someone asked to reset the password of your StudyHub account.</p>` +
        `<p><a href="${escapeHtml(this.link)}">Choose a new password</a></p><p>${escapeHtml(this.link)}</p>` +
        `<p>The link works once and expires in 1 hour. If it was not you, ignore this mail.</p>`
    )
  }
}
