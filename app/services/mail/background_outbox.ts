import { setTimeout as sleep } from 'node:timers/promises'
import logger from '@adonisjs/core/services/logger'
import type { Mailer } from '@adonisjs/mail'
import type { MailTransportContract, MailerMessenger } from '@adonisjs/mail/types'
import { accountMailConfig } from '#config/account_mail'

/**
 * Issue 23 item 9: account mails leave the request path. `sendLater` hands the built message
 * to this messenger, which returns at once; the send runs in the background of the same
 * process, is retried (MAIL_DELIVERY_ATTEMPTS, MAIL_RETRY_DELAY_MS apart) and logged when it
 * finally fails. The log never holds the message body (its links are credentials).
 * In-memory on purpose: docs/decisions.md says why a lost mail on a crash is acceptable.
 */
type Compiled = Parameters<MailerMessenger['queue']>[0]

const pending = new Set<Promise<void>>()

async function deliver(mailer: Mailer<MailTransportContract>, mail: Compiled, sendConfig: unknown) {
  const attempts = accountMailConfig.deliveryAttempts
  const subject = mail.message.subject
  for (let attempt = 1; ; attempt++) {
    try {
      await mailer.sendCompiled(mail, sendConfig)
      return
    } catch (error) {
      if (attempt >= attempts) {
        logger.error({ err: error, mailer: mailer.name, subject, attempts }, 'could not deliver a mail; giving up')
        return
      }
      logger.warn({ err: error, mailer: mailer.name, subject, attempt }, 'could not deliver a mail; retrying')
      await sleep(accountMailConfig.retryDelayMs * attempt)
    }
  }
}

export class BackgroundMessenger implements MailerMessenger {
  constructor(private mailer: Mailer<MailTransportContract>) {}

  async queue(mail: Compiled, sendConfig?: unknown) {
    // setImmediate: not even the first SMTP round trip runs inside the caller's request.
    const job = new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliver(this.mailer, mail, sendConfig))
    pending.add(job)
    void job.finally(() => pending.delete(job))
  }
}

/** Mails still being delivered (or waiting for a retry). */
export function pendingMails() {
  return pending.size
}

/** Waits until every queued mail is delivered or given up, at most `timeoutMs` (shutdown, tests). */
export async function drainMails(timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (pending.size > 0 && Date.now() < deadline) {
    await Promise.race([Promise.allSettled([...pending]), sleep(Math.max(1, deadline - Date.now()))])
  }
  return pending.size === 0
}
