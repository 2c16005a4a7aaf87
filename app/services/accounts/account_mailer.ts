import env from '#start/env'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import type { BaseMail } from '@adonisjs/mail'
import { appUrl } from '#config/app'
import VerifyEmailMail from '#mails/verify_email_mail'
import ResetPasswordMail from '#mails/reset_password_mail'

/**
 * Sends the account mails (docs/rules/accounts.md#sessions): SMTP when SMTP_HOST is set, else the log
 * transport. The mailer is chosen per send so a changed SMTP_HOST applies without a restart of the mail module.
 * Issue 23 item 9: the request only queues the mail (`sendLater`, see start/mail.ts); delivery, retries and
 * their logging run in the background, so neither an SMTP failure nor its latency reaches the request that
 * caused it.
 */
export function mailerName(): 'smtp' | 'log' {
  return env.get('SMTP_HOST') ? 'smtp' : 'log'
}

async function enqueue(message: BaseMail, kind: string) {
  try {
    await mail.use(mailerName()).sendLater(message)
    return true
  } catch (error) {
    logger.error({ err: error, mail: kind }, 'could not queue an account mail')
    return false
  }
}

export function verificationLink(token: string) {
  return `${appUrl}/verify-email?token=${encodeURIComponent(token)}`
}

export function resetLink(token: string) {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`
}

export async function sendVerificationMail(to: string, token: string) {
  return enqueue(new VerifyEmailMail(to, verificationLink(token)), 'verify_email')
}

export async function sendPasswordResetMail(to: string, token: string) {
  return enqueue(new ResetPasswordMail(to, resetLink(token)), 'reset_password')
}
