import { test } from '@japa/runner'
import http from 'node:http'
import net from 'node:net'
import { refusedConnections } from '#tests/support/network'

/**
 * Issue 25: every test under tests/unit/ai and tests/functional/ai runs with outbound
 * connections refused (tests/bootstrap.ts installs tests/support/network.ts around each one), so
 * an engine that reached for the network would fail its tests. This file proves the guard is on.
 */
test.group('AI tests run offline', () => {
  test('an outbound connection is refused at once; loopback still works', async ({ assert }) => {
    await assert.rejects(() => fetch('http://192.0.2.1/', { signal: AbortSignal.timeout(5000) }))
    await assert.rejects(
      () =>
        new Promise((resolve, reject) => {
          const request = http.get('http://example.com/', resolve)
          request.on('error', reject)
        })
    )
    assert.deepEqual(refusedConnections.splice(0), ['192.0.2.1:80', 'example.com:80'])

    const server = net.createServer((socket) => socket.end('ok'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as net.AddressInfo).port
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1')
      let data = ''
      socket.on('data', (chunk) => (data += chunk))
      socket.on('end', () => resolve(data))
      socket.on('error', reject)
    })
    server.close()
    assert.equal(reply, 'ok')
  })
})
