import { test } from '@japa/runner'
import { mustRunAce, scratchApp } from '#tests/support/scratch_ace'

/*
| Issue 23 item 9, end to end: without SMTP_HOST, `node ace user:create` (unverified) mails a
| verification link through the log transport, from the background outbox, before the command
| exits. Production logs that a mail was not delivered, never its link; development logs the link.
*/
async function userCreateLog(nodeEnv: 'production' | 'development') {
  const scratch = scratchApp(nodeEnv)
  try {
    await mustRunAce(['migration:run', '--force'], { ...scratch.env, LOG_LEVEL: 'error' })
    return await mustRunAce(['user:create', 'new-student@example.com', '--password=correct-horse-1'], scratch.env)
  } finally {
    scratch.remove()
  }
}

test.group('Mail / the log transport in a real process (issue 23 item 9)', () => {
  test('production: the log names the recipient and withholds the verification link', async ({ assert }) => {
    const output = await userCreateLog('production')
    assert.include(output, 'new-student@example.com')
    assert.include(output, 'not delivered')
    assert.notInclude(output, 'verify-email?token=')
  }).timeout(120000)

  test('development: the log holds the verification link', async ({ assert }) => {
    const output = await userCreateLog('development')
    assert.include(output, '/verify-email?token=')
  }).timeout(120000)
})
