import { test } from '@japa/runner'
import { bareNodeAgentGuard, isBareNodeAgent } from '#middleware/bare_node_agent_middleware'
import { ApiError } from '#exceptions/api_error'

function fakeCtx(userAgent: string | undefined) {
  return { request: { header: (name: string) => (name === 'user-agent' ? userAgent : undefined) } } as any
}

test.group('Catalog / bare-node user agents (SPEC B, CONTRACT 12)', () => {
  test('none, node, undici and node-fetch/* are bare-node agents', ({ assert }) => {
    for (const ua of [
      undefined,
      '',
      '  ',
      'node',
      'Node',
      'undici',
      'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
      'node-fetch/3.3.2',
    ]) {
      assert.isTrue(isBareNodeAgent(ua), String(ua))
    }
    for (const ua of [
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
      'StudyHubFrontend/1.0',
      'Googlebot/2.1',
      'curl/8.0',
    ]) {
      assert.isFalse(isBareNodeAgent(ua), ua)
    }
  })

  test('in production a bare-node agent gets 403 FORBIDDEN and the route never runs', async ({ assert }) => {
    const guard = bareNodeAgentGuard(() => true)
    let ran = false
    try {
      await guard(fakeCtx('undici'), async () => {
        ran = true
      })
      assert.fail('expected a 403')
    } catch (error) {
      assert.instanceOf(error, ApiError)
      assert.equal((error as ApiError).status, 403)
      assert.equal((error as ApiError).code, 'FORBIDDEN')
    }
    assert.isFalse(ran)
  })

  test('in production a browser agent passes', async ({ assert }) => {
    let ran = false
    await bareNodeAgentGuard(() => true)(fakeCtx('Mozilla/5.0'), async () => {
      ran = true
    })
    assert.isTrue(ran)
  })

  test('outside production the filter is off', async ({ assert }) => {
    let ran = false
    await bareNodeAgentGuard(() => false)(fakeCtx(undefined), async () => {
      ran = true
    })
    assert.isTrue(ran)
  })
})
