import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { MailSettings } from '#services/mail/mail_settings'
import { swapSettings } from '#tests/support/settings'

export type SunkMail = { from: string; to: string[]; raw: string; text: string }

/** Decodes quoted-printable soft breaks and escapes (enough to read links back). */
function decodeQuotedPrintable(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/**
 * A local SMTP sink (ARCHITECTURE: outside services are real servers started by the test).
 * `start()` swaps MailSettings to point at it, so the app's real SMTP transport delivers here; `stop()` puts the
 * previous settings back (tests/bootstrap.ts also does at the end of the test).
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
  #restore?: () => void

  async start() {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', () => resolve()))
    const port = (this.#server.server.address() as AddressInfo).port
    this.#restore = SmtpSink.pointAt(port)
    return this
  }

  async stop() {
    this.#restore?.()
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }

  /** Points the app's account mail at an SMTP server on a local port; returns the function that undoes it. */
  static pointAt(port: number) {
    return swapSettings(MailSettings, { host: '127.0.0.1', port })
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
