import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import app from '@adonisjs/core/services/app'

/*
| Stored times are UTC, and SQLite keeps them as 'yyyy-MM-dd HH:mm:ss' without a zone, which
| JavaScript and Lucid read in the process's zone. On a host whose TZ is Pacific/Kiritimati
| (+14), a note deadline of 08:00Z came back as 18:00Z the day before and the calendar feed
| moved it. Every entrypoint (HTTP server, ace, tests) loads bin/ignitor.ts, which pins the
| process to UTC (docs/decisions/study_review.md "Audit with outside input").
*/
test.group('Foundation / the process runs in UTC whatever the host zone', () => {
  for (const zone of ['Pacific/Kiritimati', 'Pacific/Niue', 'America/Sao_Paulo', 'Europe/London']) {
    test(`TZ=${zone}: after the ignitor loads, local time is UTC`, ({ assert }) => {
      const script = `await import(${JSON.stringify(app.makePath('bin/ignitor.ts'))});
        const d = new Date(2030, 4, 1, 8, 0, 0);
        console.log(JSON.stringify({ offset: d.getTimezoneOffset(), iso: d.toISOString(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone }))`
      const result = spawnSync(
        app.makePath('node_modules/.bin/node'),
        ['--import=@poppinss/ts-exec', '--input-type=module', '-e', script],
        { cwd: app.makePath(), env: { ...process.env, TZ: zone }, encoding: 'utf8' }
      )
      assert.equal(result.status, 0, result.stderr)
      const out = JSON.parse(result.stdout.trim().split('\n').pop()!)
      assert.equal(out.offset, 0)
      assert.equal(out.iso, '2030-05-01T08:00:00.000Z')
      assert.equal(out.zone, 'UTC')
    })
  }
})
