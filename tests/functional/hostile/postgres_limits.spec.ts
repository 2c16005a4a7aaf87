import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import UserCreate from '../../../commands/user_create.js'
import { urlFor } from '@adonisjs/core/services/url_builder'
import User from '#models/user'
import { api, assertErrorBody } from '#tests/support/http'
import { CookieJar, accountsGroup, csrfJar, jarFetch, jarLogIn, randomIp, PASSWORD } from '#tests/support/accounts'
import { FakeGoogle } from '#tests/support/fake_google'
import { createUser } from '#tests/support/users'

/*
| Input PostgreSQL refuses where SQLite stores anything: a value longer than its varchar column
| (22001) answered 500 on PostgreSQL. Each case here is a 400 on both databases, with nothing written.
*/

/** 134 characters as typed; its canonical form spells the domain as A-labels: 272 characters. */
const IDN_ADDRESS = `${'a'.repeat(64)}@${Array(3).fill('中文域名測試國際化電子郵件地址驗證長度限制').join('.')}.com`
/** 159 characters as typed; lowercased ("İ" → "i" + U+0307) 318 characters. */
const DOTTED_ADDRESS = `${'İ'.repeat(32)}@${Array(3).fill('İ'.repeat(40)).join('.')}.com`

test.group('Hostile input / values longer than their PostgreSQL column', (group) => {
  accountsGroup(group, { mail: true })

  test('a sign-up whose stored address would pass 254 characters is 400 and creates no user', async ({
    client,
    assert,
  }) => {
    const before = await User.query().count('* as n').first()
    for (const email of [IDN_ADDRESS, DOTTED_ADDRESS]) {
      const response = await api(client)
        .post(urlFor('api.auth.signup'), { email, password: PASSWORD })
        .header('x-forwarded-for', randomIp())
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
      assert.equal(response.body().errors?.[0]?.field, 'email')
    }
    const after = await User.query().count('* as n').first()
    assert.equal(Number(after!.$extras.n), Number(before!.$extras.n))
  })

  test('an email change to such an address is 400 and keeps the old address', async ({ client, assert }) => {
    const user = await createUser({ email: 'keeps@example.com', password: PASSWORD, verified: true })
    for (const email of [IDN_ADDRESS, DOTTED_ADDRESS]) {
      const response = await api(client, user).patch(urlFor('api.auth.email.update'), {
        email,
        current_password: PASSWORD,
      })
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
      assert.equal(response.body().errors?.[0]?.field, 'email')
    }
    await user.refresh()
    assert.equal(user.email, 'keeps@example.com')
    assert.equal(user.canonicalEmail, 'keeps@example.com')
  })

  test('user:create with such an address exits 1 with a plain message and creates no user', async ({ assert }) => {
    ace.ui.switchMode('raw')
    for (const email of [IDN_ADDRESS, DOTTED_ADDRESS]) {
      const command = await ace.create(UserCreate, [email, `--password=${PASSWORD}`, '--json'])
      await command.exec()
      assert.equal(command.exitCode, 1)
      const logs = ace.ui.logger.getLogs().map((l) => l.message)
      assert.include(logs.at(-1), 'A valid email address is required')
    }
    ace.ui.switchMode('normal')
    assert.isNull(await User.query().whereLike('email', 'aaaa%').first())
  })
})

test.group('Hostile input / a legacy address whose canonical form the column cannot hold', (group) => {
  accountsGroup(group)

  test('login works and canonical_email stays NULL; the backfill lists the row and writes nothing', async ({
    assert,
  }) => {
    const legacy = await createUser({ email: 'legacy-idn@example.com', password: PASSWORD })
    await User.query().where('id', legacy.id).update({ email: IDN_ADDRESS.toLowerCase(), canonical_email: null })
    const jar = await csrfJar()
    const login = await jarLogIn(jar, { email: IDN_ADDRESS, password: PASSWORD })
    assert.equal(login.status, 200, await login.text())
    await legacy.refresh()
    assert.isNull(legacy.canonicalEmail)

    ace.ui.switchMode('raw')
    let logs: string[] = []
    const run = await ace.exec('users:backfill-canonical-email', ['--json']).finally(() => {
      logs = ace.ui.logger.getLogs().map((l) => l.message)
      ace.ui.switchMode('normal')
    })
    assert.equal(run.exitCode, 0)
    const report = JSON.parse(logs.at(-1)!)
    assert.deepEqual(
      report.too_long.map((row: { id: string }) => row.id),
      [String(legacy.id)]
    )
    await legacy.refresh()
    assert.isNull(legacy.canonicalEmail)
  })
})

test.group('Hostile input / a Google profile longer than its PostgreSQL column', (group) => {
  const google = new FakeGoogle()
  group.setup(async () => {
    await google.start()
    return () => google.stop()
  })
  accountsGroup(group)

  test('a profile whose address or id the columns cannot hold is the provider error, no user', async ({ assert }) => {
    for (const profile of [
      { sub: 'g-idn-long', email: IDN_ADDRESS, email_verified: true },
      { sub: 'g-dotted-long', email: DOTTED_ADDRESS, email_verified: true },
      { sub: 'g'.repeat(300), email: 'long.sub@example.com', email_verified: true },
    ]) {
      google.next = profile
      const jar = new CookieJar()
      const start = await jarFetch(jar, '/auth/google/redirect?next=/notes')
      const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' })
      const callback = new URL(atProvider.headers.get('location')!)
      const done = await jarFetch(jar, callback.pathname + callback.search)
      assert.equal(done.status, 302)
      assert.equal(done.headers.get('location'), '/login?error=google_provider')
      assert.isNull(await User.findBy('google_id', profile.sub))
    }
  })
})
