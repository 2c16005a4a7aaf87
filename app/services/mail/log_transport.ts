import logger from '@adonisjs/core/services/logger'
import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

/**
 * The transport used when SMTP_HOST is unset (CONTRACT 3): the mail is rendered and
 * written to the log, links included, so a developer can follow them.
 */
export class LogTransport implements MailTransportContract {
  #json = new JSONTransport()

  async send(message: NodeMailerMessage) {
    const response = await this.#json.send(message)
    logger.info(
      { mail: { to: message.to, subject: message.subject, text: message.text } },
      `mail to ${JSON.stringify(message.to)}: ${message.subject}`
    )
    return response
  }
}
