import env from '#start/env'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import type { BaseMail } from '@adonisjs/mail'
import { appUrl } from '#config/app'
import VerifyEmailMail from '#mails/verify_email_mail'
import ResetPasswordMail from '#mails/reset_password_mail'

/**
 * Sends the account mails (CONTRACT 3): SMTP when SMTP_HOST is set, else the log transport.
 * The mailer is chosen per send so a changed SMTP_HOST applies without a restart of the
 * mail module. A failed send is logged and never fails the request that caused it.
 */
export function mailerName(): 'smtp' | 'log' {
  return env.get('SMTP_HOST') ? 'smtp' : 'log'
}

async function deliver(message: BaseMail, kind: string) {
  try {
    await mail.use(mailerName()).send(message)
    return true
  } catch (error) {
    logger.error({ err: error, mail: kind }, 'could not send an account mail')
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
  return deliver(new VerifyEmailMail(to, verificationLink(token)), 'verify_email')
}

export async function sendPasswordResetMail(to: string, token: string) {
  return deliver(new ResetPasswordMail(to, resetLink(token)), 'reset_password')
}
