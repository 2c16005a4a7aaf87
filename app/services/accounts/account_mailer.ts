import { inject } from '@adonisjs/core'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import type { BaseMail } from '@adonisjs/mail'
import { appUrl } from '#config/app'
import VerifyEmailMail from '#mails/verify_email_mail'
import ResetPasswordMail from '#mails/reset_password_mail'
import { MailSettings } from '#services/mail/mail_settings'

/**
 * Sends the account mails (docs/rules/accounts.md#sessions): SMTP when the injected MailSettings name a host, else
 * the log transport. The settings travel with each mail as its send config, so the `smtp` transport
 * (start/mail_smtp_transport.ts) delivers to the server they name; a test swaps MailSettings to redirect mail.
 * The account services are functions: their callers (AuthController, user:create) inject this and pass it on.
 * Issue 23 item 9: the request only queues the mail (`sendLater`, see start/mail.ts); delivery, retries and
 * their logging run in the background, so neither an SMTP failure nor its latency reaches the request that
 * caused it.
 */
@inject()
export class AccountMailer {
  constructor(private settings: MailSettings) {}

  mailerName(): 'smtp' | 'log' {
    return this.settings.host ? 'smtp' : 'log'
  }

  async sendVerification(to: string, token: string) {
    return this.#enqueue(new VerifyEmailMail(to, verificationLink(token)), 'verify_email')
  }

  async sendPasswordReset(to: string, token: string) {
    return this.#enqueue(new ResetPasswordMail(to, resetLink(token)), 'reset_password')
  }

  async #enqueue(message: BaseMail, kind: string) {
    try {
      await mail.use(this.mailerName()).sendLater(message, { ...this.settings })
      return true
    } catch (error) {
      logger.error({ err: error, mail: kind }, 'could not queue an account mail')
      return false
    }
  }
}

export function verificationLink(token: string) {
  return `${appUrl}/verify-email?token=${encodeURIComponent(token)}`
}

export function resetLink(token: string) {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`
}
