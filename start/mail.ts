/*
| Account mails go out in the background (issue 23 item 9): every mailer's `sendLater` uses the
| in-process outbox with retries, and shutdown waits a little for mails still on their way.
| Refuses nothing at boot; the log transport itself withholds bodies in production.
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { smtpConfig } from '#config/mail'
import mail from '@adonisjs/mail/services/main'
import { BackgroundMessenger, drainMails } from '#services/mail/background_outbox'

mail.setMessenger((mailer) => new BackgroundMessenger(mailer))
app.terminating(async () => {
  await drainMails(5000)
})

if (app.inProduction && app.getEnvironment() === 'web' && !smtpConfig.host) {
  logger.warn('SMTP_HOST is not set: mails are not delivered, and the log holds only their recipient and subject')
}
