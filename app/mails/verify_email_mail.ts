import { BaseMail } from '@adonisjs/mail'

/** The verification mail (SPEC G): one link to /verify-email?token=..., valid 24 hours. */
export default class VerifyEmailMail extends BaseMail {
  subject = 'Verify your StudyHub email address'

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
        'Welcome to StudyHub!',
        '',
        'Confirm your email address to unlock AI tools and uploads:',
        this.link,
        '',
        'The link works once and expires in 24 hours. If you did not sign up, ignore this mail.',
      ].join('\n')
    )
    this.message.html(
      `<p>Welcome to StudyHub!</p><p>Confirm your email address to unlock AI tools and uploads:</p>` +
        `<p><a href="${escapeHtml(this.link)}">Verify my email</a></p>` +
        `<p>${escapeHtml(this.link)}</p>` +
        `<p>The link works once and expires in 24 hours. If you did not sign up, ignore this mail.</p>`
    )
  }
}

export function escapeHtml(value: string) {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
