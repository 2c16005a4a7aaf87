import env from '#start/env'
import { defineConfig } from '@adonisjs/mail'
import { SettingsSmtpTransport } from '#start/mail_smtp_transport'
import { LogTransport } from '#start/mail_log_transport'

function parseFrom(value: string | undefined) {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value || '')
  if (match) return { name: match[1] || 'StudyHub', address: match[2] }
  return { name: 'StudyHub', address: value || 'no-reply@studyhub.local' }
}

/** The SMTP server, read once at boot (MailSettings); without a host every mail goes to the log transport. */
export const smtpConfig = {
  host: env.get('SMTP_HOST') || '',
  port: Number(env.get('SMTP_PORT')) || 587,
  username: env.get('SMTP_USERNAME') || '',
  password: env.get('SMTP_PASSWORD') || '',
}

const mailConfig = defineConfig({
  // docs/rules/accounts.md#account-mail: without SMTP_HOST every mail is written to the log instead of sent.
  default: smtpConfig.host ? 'smtp' : 'log',
  from: parseFrom(env.get('MAIL_FROM')),
  mailers: {
    // Sends through the server named by each mail's settings (start/mail_smtp_transport.ts).
    smtp: () => new SettingsSmtpTransport(smtpConfig),
    log: () => new LogTransport(),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
