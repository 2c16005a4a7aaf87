import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import SecurityEvent from '#models/security_event'
import { SIGNUP_ATTEMPT } from '#services/accounts/signup_service'
import { api, assertErrorBody } from '#tests/support/http'
import { accountsGroup, PASSWORD } from '#tests/support/accounts'

/*
| X-Forwarded-For is read only from a trusted hop (loopback here, as by default). What that hop
| passes on need not be an address: a value that is not one is no client address, so the hop's
| own address counts instead — one bucket for all such values, and nothing too long to store
| (security_events.ip_address and the limiter keys are bounded columns on PostgreSQL).
*/
test.group('Hostile input / X-Forwarded-For values that are not addresses', (group) => {
  accountsGroup(group, { mail: true })

  const signUp = (client: any, n: number, forwarded: string) =>
    api(client)
      .post(urlFor('api.auth.signup'), { email: `xff-${n}@example.com`, password: PASSWORD })
      .header('x-forwarded-for', forwarded)

  test('they count as the forwarding hop: one budget, stored as its address', async ({ client, assert }) => {
    const junk = ['not-an-ip', 'x'.repeat(300), '1.2.3.4.5:5678', '<script>']
    const statuses: number[] = []
    for (const [n, forwarded] of junk.entries()) {
      const response = await signUp(client, n, forwarded)
      statuses.push(response.status())
      if (response.status() >= 400) assertErrorBody(assert, response, 429, 'TOO_MANY_REQUESTS')
    }
    assert.deepEqual(statuses, [201, 201, 201, 429])
    const attempts = await SecurityEvent.query().where('type', SIGNUP_ATTEMPT)
    assert.lengthOf(attempts, 4)
    assert.deepEqual([...new Set(attempts.map((a) => a.ipAddress))], ['127.0.0.1'])
  })

  test('a port a gateway appends is dropped: the address counts, and trust is judged on it', async ({
    client,
    assert,
  }) => {
    const cases = [
      ['203.0.113.8:5678', '203.0.113.8'],
      ['[2001:db8::1]:443', '2001:db8:0:0::/64'], // an IPv6 client counts by its /64
      ['203.0.113.9:41000, 127.0.0.1:8080', '203.0.113.9'],
    ]
    for (const [n, [forwarded]] of cases.entries()) {
      const response = await signUp(client, 20 + n, forwarded)
      response.assertStatus(201)
    }
    const attempts = await SecurityEvent.query().where('type', SIGNUP_ATTEMPT).orderBy('id')
    assert.deepEqual(
      attempts.map((a) => a.ipAddress),
      cases.map(([, address]) => address)
    )
  })

  test('a real address forwarded by the trusted hop still counts as the client', async ({ client, assert }) => {
    const response = await signUp(client, 9, '203.0.113.7')
    response.assertStatus(201)
    const attempt = await SecurityEvent.query().where('type', SIGNUP_ATTEMPT).firstOrFail()
    assert.equal(attempt.ipAddress, '203.0.113.7')
  })
})
