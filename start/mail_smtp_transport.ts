import { SMTPTransport } from '@adonisjs/mail/transports/smtp'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

export type SmtpSettings = { host: string; port: number; username: string; password: string }

/**
 * The `smtp` mailer's transport (docs/decisions/code_health.md#settings): it sends through the SMTP server named
 * by the settings each mail carries (the send config, which the account mailer sets from the injected
 * MailSettings and the background outbox keeps for its retries), so a test that swaps MailSettings redirects the
 * mail without touching the environment or closing the mailer. A mail sent without settings uses the boot ones.
 * One nodemailer transport per distinct server, closed with the mailer.
 */
export class SettingsSmtpTransport implements MailTransportContract {
  #byServer = new Map<string, SMTPTransport>()

  constructor(private boot: SmtpSettings) {}

  async send(message: NodeMailerMessage, config?: unknown) {
    return this.#transportFor((config as SmtpSettings | undefined) ?? this.boot).send(message)
  }

  #transportFor(settings: SmtpSettings) {
    const { host, port, username, password } = settings
    const key = JSON.stringify([host, port, username, password])
    let transport = this.#byServer.get(key)
    if (!transport) {
      transport = new SMTPTransport({
        host: host || '127.0.0.1',
        port,
        secure: false,
        ignoreTLS: true,
        ...(username ? { auth: { type: 'login' as const, user: username, pass: password } } : {}),
      })
      this.#byServer.set(key, transport)
    }
    return transport
  }

  async close() {
    const transports = [...this.#byServer.values()]
    this.#byServer.clear()
    await Promise.all(transports.map((transport) => transport.close()))
  }
}
