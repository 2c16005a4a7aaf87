import { test } from '@japa/runner'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import testUtils from '@adonisjs/core/services/test_utils'
import RequireFlagMiddleware from '#middleware/require_flag_middleware'
import { ApiError } from '#exceptions/api_error'
import { setFlag } from '#tests/support/flags'

test.group('Flags / requireFlag middleware (SPEC F rule 4)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function run(name: string, url = '/api/things') {
    const req = new IncomingMessage(new Socket())
    req.url = url
    req.method = 'GET'
    const ctx = await testUtils.createHttpContext({ req, res: new ServerResponse(req) })
    let called = false
    const middleware = new RequireFlagMiddleware()
    try {
      await middleware.handle(
        ctx,
        async () => {
          called = true
        },
        { name }
      )
      return { called, error: null as ApiError | null }
    } catch (error) {
      return { called, error: error as ApiError }
    }
  }

  test('a missing flag: 403 FORBIDDEN "Feature \'<name>\' is currently disabled"', async ({ assert }) => {
    const { called, error } = await run('enable_nowhere')
    assert.isFalse(called)
    assert.instanceOf(error, ApiError)
    assert.equal(error!.status, 403)
    assert.equal(error!.code, 'FORBIDDEN')
    assert.equal(error!.message, "Feature 'enable_nowhere' is currently disabled")
  })

  test('a disabled flag: 403 with the same message', async ({ assert }) => {
    await setFlag('enable_gate_off', false)
    const { called, error } = await run('enable_gate_off')
    assert.isFalse(called)
    assert.equal(error!.message, "Feature 'enable_gate_off' is currently disabled")
  })

  test('an enabled flag lets the request through', async ({ assert }) => {
    await setFlag('enable_gate_on', true)
    const { called, error } = await run('enable_gate_on')
    assert.isTrue(called)
    assert.isNull(error)
  })

  test('on a page, end users only see "Feature not available" (SPEC F rule 5)', async ({ assert }) => {
    const { error } = await run('enable_nowhere', '/ai/document-analyzer')
    assert.equal(error!.status, 403)
    assert.equal(error!.message, 'Feature not available')
  })
})
