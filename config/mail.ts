import env from '#start/env'
import { defineConfig } from '@adonisjs/mail'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'
import { LogTransport } from '#start/mail_log_transport'

function parseFrom(value: string | undefined) {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value || '')
  if (match) return { name: match[1] || 'StudyHub', address: match[2] }
  return { name: 'StudyHub', address: value || 'no-reply@studyhub.local' }
}

const mailConfig = defineConfig({
  // docs/rules/accounts.md#account-mail: without SMTP_HOST every mail is written to the log instead of sent.
  default: env.get('SMTP_HOST') ? 'smtp' : 'log',
  from: parseFrom(env.get('MAIL_FROM')),
  mailers: {
    // Built lazily (on first use after `mail.close('smtp')`) so the settings are read when a
    // mail is sent: the accounts browser test points SMTP_HOST at its local sink at run time.
    smtp: () =>
      new SMTPTransport({
        host: env.get('SMTP_HOST') || '127.0.0.1',
        port: Number(env.get('SMTP_PORT')) || 587,
        secure: false,
        ignoreTLS: true,
        ...(env.get('SMTP_USERNAME')
          ? { auth: { type: 'login' as const, user: env.get('SMTP_USERNAME')!, pass: env.get('SMTP_PASSWORD') || '' } }
          : {}),
      }),
    log: () => new LogTransport(),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
