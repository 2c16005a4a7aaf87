import { test } from '@japa/runner'
import { Mailer } from '@adonisjs/mail'
import emitter from '@adonisjs/core/services/emitter'
import ResetPasswordMail from '#mails/reset_password_mail'
import { LogTransport } from '#start/mail_log_transport'

/*
| Issue 23 item 9: without SMTP_HOST the log transport writes mails to the log. Reset links are
| credentials: in production the body (and so the link) never reaches the log.
*/
const LINK = 'http://127.0.0.1:3333/reset-password?token=SECRET-reset-token-1234567890'

function capturingLogger() {
  const lines: { level: string; data: unknown; message: string }[] = []
  const record = (level: string) => (data: unknown, message?: string) =>
    lines.push({ level, data, message: message ?? '' })
  return { lines, logger: { info: record('info'), warn: record('warn') } as any, text: () => JSON.stringify(lines) }
}

async function sendThrough(transport: LogTransport) {
  const mailer = new Mailer('log', transport, emitter, {
    from: { address: 'no-reply@studyhub.local', name: 'StudyHub' },
  })
  await mailer.send(new ResetPasswordMail('owner@example.com', LINK))
}

test.group('Mail / log transport by environment (issue 23 item 9)', () => {
  test('production: recipient and subject at warn level, no body, no link', async ({ assert }) => {
    const sink = capturingLogger()
    await sendThrough(new LogTransport({ inProduction: true, logger: sink.logger }))
    assert.lengthOf(sink.lines, 1)
    assert.equal(sink.lines[0].level, 'warn')
    assert.include(sink.text(), 'owner@example.com')
    assert.include(sink.text(), 'Reset your StudyHub password')
    assert.notInclude(sink.text(), 'SECRET-reset-token')
    assert.notInclude(sink.text(), '/reset-password')
  })

  test('development and test: the whole mail, link included, at info level', async ({ assert }) => {
    const sink = capturingLogger()
    await sendThrough(new LogTransport({ inProduction: false, logger: sink.logger }))
    assert.lengthOf(sink.lines, 1)
    assert.equal(sink.lines[0].level, 'info')
    assert.include(sink.text(), LINK)
  })
})
