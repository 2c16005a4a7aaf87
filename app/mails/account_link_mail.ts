import { BaseMail } from '@adonisjs/mail'

export function escapeHtml(value: string) {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/**
 * An account mail carrying one single-use link (verification, password reset): the intro
 * paragraphs, the link (as a button label and as the raw address), then the closing line.
 */
export abstract class AccountLinkMail extends BaseMail {
  protected abstract intro: string[]
  protected abstract linkLabel: string
  protected abstract closing: string

  constructor(
    readonly recipient: string,
    readonly link: string
  ) {
    super()
  }

  prepare() {
    this.message.to(this.recipient)
    this.message.text([this.intro.join('\n\n'), this.link, '', this.closing].join('\n'))
    const paragraphs = [
      ...this.intro.map(escapeHtml),
      `<a href="${escapeHtml(this.link)}">${escapeHtml(this.linkLabel)}</a>`,
      escapeHtml(this.link),
      escapeHtml(this.closing),
    ]
    this.message.html(paragraphs.map((p) => `<p>${p}</p>`).join(''))
  }
}
