import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import User from '#models/user'
import SecurityEvent from '#models/security_event'
import { ThrottleSettings } from '#services/infra/throttle_settings'
import { SIGNUP_ATTEMPT } from '#services/accounts/signup_service'
import { api, assertErrorBody } from '#tests/support/http'
import { swapSettings } from '#tests/support/settings'
import { createUser } from '#tests/support/users'
import {
  CookieJar,
  accountsGroup,
  baseUrl,
  csrfJar,
  fakeMail,
  jarFetch,
  jarLogIn,
  logIn,
  randomIp,
  resetThrottles,
  PASSWORD,
} from '#tests/support/accounts'
import { AccountMailSettings } from '#services/accounts/account_mail_settings'
import { canonicalizeEmail } from '#services/accounts/canonical_email'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { toDbTime } from '#services/accounts/one_time_tokens'
import { SignupSettings } from '#services/accounts/signup_settings'

/*
| Audit with hostile clients (docs/decisions/accounts.md): what a client nobody here wrote sends
| to the account routes. Every request comes from 127.0.0.1, a trusted hop by default, so
| X-Forwarded-For stands for the address a real proxy would pass on.
*/
test.group('Hostile clients / auth throttle by network', (group) => {
  accountsGroup(group, { mail: true })
  group.each.setup(() => () => resetThrottles())

  const csrfFrom = (client: any, forwarded: string) =>
    client.get(urlFor('api.auth.csrf')).header('x-forwarded-for', forwarded)

  test('rotating addresses inside one IPv6 /64 share one budget', async ({ client, assert, cleanup }) => {
    cleanup(swapSettings(ThrottleSettings, { authPerMinute: 3 }))
    const statuses: number[] = []
    for (const suffix of ['::1', '::2', '::dead:beef', ':aaaa:bbbb:cccc:dddd']) {
      statuses.push((await csrfFrom(client, `2001:db8:77:7${suffix}`)).status())
    }
    assert.deepEqual(statuses, [204, 204, 204, 429])
    // Another /64 has its own budget.
    assert.equal((await csrfFrom(client, '2001:db8:77:8::1')).status(), 204)
  })

  test('an IPv4 client written as IPv4-mapped IPv6 (dotted or hex) is the same client', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(swapSettings(ThrottleSettings, { authPerMinute: 3 }))
    const statuses: number[] = []
    for (const forwarded of ['203.0.113.9', '::ffff:203.0.113.9', '::FFFF:cb00:7109', '203.0.113.9']) {
      statuses.push((await csrfFrom(client, forwarded)).status())
    }
    assert.deepEqual(statuses, [204, 204, 204, 429])
  })

  test('sign-ups from hex-written IPv4-mapped addresses count as the IPv4 address', async ({ client, assert }) => {
    const response = await api(client)
      .post(urlFor('api.auth.signup'), { email: 'mapped-hex@example.com', password: 'correct-horse-1' })
      .header('x-forwarded-for', '::ffff:cb00:710a')
    response.assertStatus(201)
    const attempt = await SecurityEvent.query().where('type', SIGNUP_ATTEMPT).firstOrFail()
    assert.equal(attempt.ipAddress, '203.0.113.10')
  })
})

test.group('Hostile clients / disposable and internationalised domains', (group) => {
  accountsGroup(group, { mail: true })

  const signUp = (client: any, email: string) =>
    api(client)
      .post(urlFor('api.auth.signup'), { email, password: 'correct-horse-1' })
      .header('x-forwarded-for', randomIp())

  test('a blocked domain listed in its ASCII form is blocked when typed in Unicode', async ({ client, assert }) => {
    // xn--yaho-sqa.com and xn--d-bga.net are on the vendored list.
    for (const email of ['someone@yahóo.com', 'someone@YAHÓO.COM', 'someone@dé.net', 'someone@sub.dé.net']) {
      const response = await signUp(client, email)
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
      assert.equal(response.body().message, 'This email provider is not supported', email)
    }
    assert.lengthOf(await User.all(), 0)
  })

  test('one mailbox written with a Unicode or an ASCII domain is one account', async ({ client, assert }) => {
    ;(await signUp(client, 'reader@bücher.example')).assertStatus(201)
    const twin = await signUp(client, 'reader@xn--bcher-kva.example')
    assertErrorBody(assert, twin, 409, 'CONFLICT')
    assert.equal(twin.body().message, 'Email is already in use')
    const reverse = await signUp(client, 'writer@xn--bcher-kva.example')
    reverse.assertStatus(201)
    assertErrorBody(assert, await signUp(client, 'WRITER@BÜCHER.example'), 409, 'CONFLICT')
    assert.lengthOf(await User.all(), 2)
  })
})

test.group('Hostile clients / Unicode passwords', (group) => {
  accountsGroup(group, { mail: true })

  const NFC = 'Caf\u00E9-cr\u00E8me-\u00C5ngstr\u00F6m'
  const NFD = NFC.normalize('NFD')

  test('a password chosen in NFC signs in typed NFD, and the other way round', async ({ client, assert }) => {
    assert.notEqual(NFC, NFD)
    const nfcSignup = await api(client)
      .post(urlFor('api.auth.signup'), { email: 'nfc@example.com', password: NFC })
      .header('x-forwarded-for', randomIp())
    nfcSignup.assertStatus(201)
    ;(await logIn(client, 'nfc@example.com', NFD)).assertStatus(200)
    ;(await logIn(client, 'nfc@example.com', NFC)).assertStatus(200)

    const nfdSignup = await api(client)
      .post(urlFor('api.auth.signup'), { email: 'nfd@example.com', password: NFD })
      .header('x-forwarded-for', randomIp())
    nfdSignup.assertStatus(201)
    ;(await logIn(client, 'nfd@example.com', NFC)).assertStatus(200)
    ;(await logIn(client, 'nfd@example.com', NFD)).assertStatus(200)
    assertErrorBody(assert, await logIn(client, 'nfd@example.com', 'Cafe-creme-Angstrom'), 400, 'BAD_REQUEST')
  })

  test('a hash stored from an NFD password before normalising still signs in', async ({ client }) => {
    // Written straight through the model, as the sign-up route stored it before this audit.
    await createUser({ email: 'legacy-nfd@example.com', password: NFD })
    ;(await logIn(client, 'legacy-nfd@example.com', NFD)).assertStatus(200)
    ;(await logIn(client, 'legacy-nfd@example.com', NFC)).assertStatus(200)
  })
})

test.group('Hostile clients / one mailbox, many spellings', (group) => {
  accountsGroup(group)

  test('the per-address mail budget counts a Gmail inbox once, however its address is spelt', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mails = fakeMail()
    cleanup(() => mails.restore())
    cleanup(swapSettings(AccountMailSettings, { perAddressPerHour: 1, perAccountPerHour: 100 }))
    const user = await createUser({ email: 'flooder@example.com', password: PASSWORD })
    const spellings = ['v.ictim@gmail.com', 'elsewhere@example.com', 'vi.ctim+1@gmail.com', 'VICTIM@googlemail.com']
    for (const email of spellings) {
      const response = await api(client, user).patch(urlFor('api.auth.email.update'), {
        email,
        current_password: PASSWORD,
      })
      response.assertStatus(200)
    }
    const recipients = mails.fake.mails
      .queued(() => true)
      .concat(mails.fake.mails.sent(() => true))
      .map((m: any) => m.recipient as string)
    assert.include(recipients, 'elsewhere@example.com')
    assert.lengthOf(
      recipients.filter((r) => canonicalizeEmail(r) === 'victim@gmail.com'),
      1,
      recipients.join(', ')
    )
  })
})

/** The session id a `studyhub-session` cookie carries (a signed JSON envelope). */
function sessionId(jar: CookieJar) {
  const raw = decodeURIComponent(jar.cookies.get('studyhub-session') ?? '')
  const payload = raw.replace(/^s:/, '').split('.')[0]
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).message as string
}

test.group('Hostile clients / sessions and origins (held)', (group) => {
  accountsGroup(group, { mail: true })

  test('a session planted before sign-in is not the signed-in one (fixation)', async ({ assert }) => {
    await createUser({ email: 'fixed@example.com', password: PASSWORD })
    const victim = await csrfJar()
    const planted = new CookieJar()
    planted.cookies = new Map(victim.cookies)
    const before = sessionId(victim)
    await jarLogIn(victim, { email: 'fixed@example.com', password: PASSWORD })
    assert.notEqual(sessionId(victim), before)
    assert.equal((await jarFetch(victim, urlFor('api.auth.me'))).status, 200)
    assert.equal((await jarFetch(planted, urlFor('api.auth.me'))).status, 401)
  })

  test('a tampered or oversized remember-me cookie is 401 with the contract body, never 500', async ({ assert }) => {
    await createUser({ email: 'remember@example.com', password: PASSWORD })
    const jar = await csrfJar()
    await jarLogIn(jar, { email: 'remember@example.com', password: PASSWORD, remember: true })
    const token = jar.cookies.get('remember_web')!
    for (const value of [token.slice(0, -4) + 'AAAA', 'x'.repeat(4000), '%', token.split('.')[0]]) {
      const forged = new CookieJar()
      forged.cookies.set('remember_web', value)
      const response = await jarFetch(forged, urlFor('api.auth.me'))
      assert.equal(response.status, 401, value.slice(0, 40))
      assert.equal(((await response.json()) as any).code, 'UNAUTHORIZED')
    }
  })

  test('no origin is granted cross-origin reads or writes (no CORS headers)', async ({ assert }) => {
    const origin = 'https://evil.example'
    const preflight = await fetch(`${baseUrl()}${urlFor('api.auth.login')}`, {
      method: 'OPTIONS',
      headers: { 'origin': origin, 'access-control-request-method': 'POST' },
    })
    assert.isNull(preflight.headers.get('access-control-allow-origin'))
    const read = await fetch(`${baseUrl()}${urlFor('api.auth.csrf')}`, { headers: { origin } })
    assert.isNull(read.headers.get('access-control-allow-origin'))
    assert.isNull(read.headers.get('access-control-allow-credentials'))
  })
})

test.group('Hostile clients / what sign-up attempts leave behind', (group) => {
  accountsGroup(group, { mail: true })

  test('attempts older than the retention are pruned hourly; the 24 h window still counts', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { scheduledTasks } = await import('#services/scheduler/tasks')
    cleanup(swapSettings(SignupSettings, { signupAttemptRetentionDays: 30 }))
    const ip = '198.18.200.9'
    const at = (hours: number) => toDbTime(DateTime.now().minus({ hours }))
    for (const [address, hours] of [
      ['198.18.200.1', 31 * 24],
      ['2001:db8:9:9::/64', 40 * 24],
      [ip, 29 * 24],
      [ip, 2],
      [ip, 1],
    ] as const) {
      await db.table('security_events').insert({ type: SIGNUP_ATTEMPT, ip_address: address, created_at: at(hours) })
    }
    await db
      .table('security_events')
      .insert({ type: 'OTHER_EVENT', ip_address: '198.18.200.1', created_at: at(60 * 24) })
    const task = scheduledTasks.find((t) => t.name === 'accounts:prune-signup-attempts')
    assert.exists(task, 'the prune task is registered')
    assert.equal(task!.schedule(), '23 * * * *')
    assert.deepEqual(await task!.run(), { deleted: 2 })
    const left = await SecurityEvent.query().orderBy('id')
    assert.deepEqual(
      left.map((e) => `${e.type} ${e.ipAddress}`),
      [`${SIGNUP_ATTEMPT} ${ip}`, `${SIGNUP_ATTEMPT} ${ip}`, `${SIGNUP_ATTEMPT} ${ip}`, 'OTHER_EVENT 198.18.200.1']
    )
    ;(
      await api(client)
        .post(urlFor('api.auth.signup'), { email: 'third@example.com', password: PASSWORD })
        .header('x-forwarded-for', ip)
    ).assertStatus(201)
    const fourth = await api(client)
      .post(urlFor('api.auth.signup'), { email: 'fourth@example.com', password: PASSWORD })
      .header('x-forwarded-for', ip)
    assertErrorBody(assert, fourth, 429, 'TOO_MANY_REQUESTS')
  })
})
