import app from '@adonisjs/core/services/app'
import defaultLogger from '@adonisjs/core/services/logger'
import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

type LogSink = Pick<typeof defaultLogger, 'info' | 'warn'>

/**
 * The transport used when SMTP_HOST is unset (docs/rules/accounts.md#sessions). In development and test the
 * mail is rendered and written to the log, links included, so a developer can follow them. In production (issue
 * 23 item 9) the body is withheld: its links are credentials (a reset link takes the account over) and logs are
 * read by more people than the mailbox owner. Only the recipient and subject are logged, at warn level, saying
 * that nothing was delivered.
 */
export class LogTransport implements MailTransportContract {
  #json = new JSONTransport()
  #inProduction: boolean
  #logger: LogSink

  constructor(options: { inProduction?: boolean; logger?: LogSink } = {}) {
    this.#inProduction = options.inProduction ?? app.inProduction
    this.#logger = options.logger ?? defaultLogger
  }

  async send(message: NodeMailerMessage) {
    const response = await this.#json.send(message)
    if (this.#inProduction) {
      this.#logger.warn(
        { mail: { to: message.to, subject: message.subject } },
        `mail to ${JSON.stringify(message.to)} not delivered (SMTP_HOST is not set); its body is not logged in production`
      )
    } else {
      this.#logger.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        `mail to ${JSON.stringify(message.to)}: ${message.subject}`
      )
    }
    return response
  }
}
