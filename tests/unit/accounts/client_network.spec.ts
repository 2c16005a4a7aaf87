import { test } from '@japa/runner'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { RequestFactory } from '@adonisjs/core/factories/http'
import { compileTrustedProxies, http } from '#config/app'
import { clientNetworkKey } from '#services/accounts/client_ip'

/*
| Audit with hostile clients (docs/rules/accounts.md#signup, docs/rules/operations.md#settings): the address a
| request counts as, from the socket and X-Forwarded-For through the app's own trust and getIp settings, then
| the network key every per-IP limit uses.
*/
function clientKey(socketAddress: string, forwarded: string | undefined, trusted: string | undefined) {
  const socket = new Socket()
  Object.defineProperty(socket, 'remoteAddress', { value: socketAddress })
  const req = new IncomingMessage(socket)
  if (forwarded !== undefined) req.headers['x-forwarded-for'] = forwarded
  const request = new RequestFactory()
    .merge({ req, res: new ServerResponse(req), config: { ...http, trustProxy: compileTrustedProxies(trusted) } })
    .create()
  return clientNetworkKey(request.ip())
}

test.group('Hostile clients / which address a request counts as', () => {
  test('X-Forwarded-For from an untrusted hop is ignored, however it is written', ({ assert }) => {
    for (const forwarded of ['1.2.3.4', '1.2.3.4, 5.6.7.8', '::1', '127.0.0.1', '2001:db8::1', '']) {
      assert.equal(clientKey('203.0.113.5', forwarded, undefined), '203.0.113.5', forwarded)
    }
  })

  test('behind a trusted proxy, entries a client wrote to the left of the proxy are ignored', ({ assert }) => {
    assert.equal(clientKey('10.0.0.2', 'spoofed-1.1.1.1, 9.9.9.9, 198.51.100.9', '10.0.0.0/8'), '198.51.100.9')
    assert.equal(clientKey('10.0.0.2', '1.1.1.1, 10.0.0.3, 198.51.100.9', '10.0.0.0/8'), '198.51.100.9')
    // Two trusted hops: the first untrusted address from the right is the client.
    assert.equal(clientKey('10.0.0.2', '1.1.1.1, 198.51.100.9, 10.0.0.7', '10.0.0.0/8'), '198.51.100.9')
  })

  test('IPv6 clients count by /64; IPv4-mapped, bracketed and zoned forms count as what they are', ({ assert }) => {
    const behind = (forwarded: string) => clientKey('10.0.0.2', forwarded, '10.0.0.0/8')
    assert.equal(behind('2001:db8:1:2::1'), '2001:db8:1:2::/64')
    assert.equal(behind('2001:DB8:1:2:ffff:eeee:dddd:cccc'), '2001:db8:1:2::/64')
    assert.equal(behind('::ffff:198.51.100.9'), '198.51.100.9')
    assert.equal(behind('::ffff:c633:6409'), '198.51.100.9')
    assert.equal(clientKey('::ffff:198.51.100.9', undefined, undefined), '198.51.100.9')
    assert.equal(clientNetworkKey('[2001:db8:1:2::1]'), '2001:db8:1:2::/64')
    assert.equal(clientNetworkKey('fe80::1%eth0'), 'fe80:0:0:0::/64')
  })
})
