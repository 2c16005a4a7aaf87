import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import env from '#start/env'
import mail from '@adonisjs/mail/services/main'

export type SunkMail = { from: string; to: string[]; raw: string; text: string }

/** Decodes quoted-printable soft breaks and escapes (enough to read links back). */
function decodeQuotedPrintable(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/**
 * A local SMTP sink (ARCHITECTURE: outside services are real servers started by the test).
 * `start()` points SMTP_HOST/SMTP_PORT at it and drops the cached SMTP mailer, so the app's
 * real SMTP transport delivers here; `stop()` restores the previous settings.
 */
export class SmtpSink {
  mails: SunkMail[] = []
  /** `delayMs`: a slow server; each mail is stored and acknowledged only after this wait. */
  constructor(private options: { delayMs?: number } = {}) {}
  #server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', async () => {
        if (this.options.delayMs) await new Promise((r) => setTimeout(r, this.options.delayMs))
        const raw = Buffer.concat(chunks).toString('utf8')
        this.mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        })
        callback()
      })
    },
  })
  #previous: { host?: string; port?: number } = {}

  async start() {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', () => resolve()))
    const port = (this.#server.server.address() as AddressInfo).port
    this.#previous = { host: env.get('SMTP_HOST'), port: env.get('SMTP_PORT') }
    env.set('SMTP_HOST', '127.0.0.1')
    env.set('SMTP_PORT', String(port) as any)
    await mail.close('smtp')
    return this
  }

  async stop() {
    env.set('SMTP_HOST', this.#previous.host ?? '')
    env.set('SMTP_PORT', (this.#previous.port !== undefined ? String(this.#previous.port) : '') as any)
    await mail.close('smtp')
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }

  /**
   * Points the app's SMTP transport at a port (the transport is built from SMTP_HOST/SMTP_PORT when first used
   * after `mail.close('smtp')`); returns the function that puts the previous settings back.
   */
  static pointAt(port: number) {
    const previous = { host: env.get('SMTP_HOST'), port: env.get('SMTP_PORT') }
    env.set('SMTP_HOST', '127.0.0.1')
    env.set('SMTP_PORT', String(port) as any)
    return () => {
      env.set('SMTP_HOST', previous.host ?? '')
      env.set('SMTP_PORT', (previous.port !== undefined ? String(previous.port) : '') as any)
    }
  }

  /** Listens on a given port without touching the SMTP settings (the test points them here). */
  async listenOn(port: number) {
    await new Promise<void>((resolve) => this.#server.listen(port, '127.0.0.1', () => resolve()))
    return this
  }

  async close() {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }

  /** Waits for a mail to `to` whose text contains `needle`. */
  async waitFor(to: string, needle: string, timeoutMs = 10_000): Promise<SunkMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.mails.find((m) => m.to.includes(to) && m.text.includes(needle))
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no mail to ${to} containing ${needle}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}
