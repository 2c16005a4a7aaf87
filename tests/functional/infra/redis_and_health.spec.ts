import { test } from '@japa/runner'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { LimiterManager } from '@adonisjs/limiter'
import { Verrou } from '@verrou/core'
import { RedisCheck, RedisManager } from '@adonisjs/redis'
import { defineConfig as defineLimiterConfig, stores as limiterStores } from '@adonisjs/limiter'
import { stores as lockStores } from '@adonisjs/lock'
import lockConfig from '#config/lock'
import { Readiness } from '#services/infra/readiness'
import { redisOptionsFromUrl } from '#start/redis_settings'
import { AUTH_ROUTES_OPEN_WHEN_STORE_DOWN, failClosed } from '#start/limiter'
import { aiThrottleUsing } from '#start/ai_limiter'
import { ApiError } from '#exceptions/api_error'
import { RedisTestServer } from '#tests/support/redis_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** One "instance": the app's own limiter and lock config resolved against its own Redis client. */
async function instance(url: string) {
  const redis = new RedisManager(
    { connection: 'main', connections: { main: redisOptionsFromUrl(url, { keyPrefix: 'studyhub:' }) } } as any,
    logger
  )
  // The config resolvers only ask the container for 'redis': a scoped resolver (as a request gets)
  // hands them this instance's manager and the app's bindings for anything else. A string binding
  // cannot be swapped (`container.swap` takes classes only).
  const container = app.container.createResolver()
  container.bindValue('redis', redis as any)
  const scoped = new Proxy(app, {
    get: (target, prop) => (prop === 'container' ? container : Reflect.get(target, prop)),
  }) as any
  // The same store definitions config/limiter.ts and config/lock.ts register when REDIS_URL is set.
  const limiterConfig = defineLimiterConfig({
    default: 'redis',
    stores: { redis: limiterStores.redis({ connectionName: 'main' }) },
  })
  const limiter = new LimiterManager((await limiterConfig.resolver(scoped)) as any)
  const redisStore = await (lockStores.redis({ connectionName: 'main' }) as any).resolver(scoped)
  const locks = new Verrou({ default: 'redis', stores: { redis: redisStore } })
  return { redis, limiter, locks }
}

test.group('Infra / Redis stores through @adonisjs/redis (CONTRACT 14, issue 16)', (group) => {
  let server: RedisTestServer
  const opened: RedisManager<any>[] = []
  group.setup(async () => {
    server = await new RedisTestServer().start()
    return async () => {
      for (const redis of opened) await redis.disconnectAll()
      await server.stop()
    }
  })

  test('the limiter store `redis` counts one budget for two instances', async ({ assert }) => {
    const a = await instance(server.url)
    const b = await instance(server.url)
    opened.push(a.redis, b.redis)
    const optionsFor = (m: LimiterManager<any>) => m.use('redis', { requests: 3, duration: '1 minute' })
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => optionsFor(i % 2 ? a.limiter : b.limiter).increment('signup_198.51.100.1'))
    )
    const consumed = results.map((r) => r.consumed).sort((x, y) => x - y)
    assert.deepEqual(consumed, [1, 2, 3, 4, 5, 6, 7, 8])
    const keys = await a.redis.connection('main').ioConnection.keys('*')
    assert.isTrue(
      keys.some((k) => k.includes('signup_198.51.100.1')),
      'the counter lives in Redis'
    )
  })

  test('the lock store is Redis: a lock held by one instance is refused to the other', async ({ assert }) => {
    const a = await instance(server.url)
    const b = await instance(server.url)
    opened.push(a.redis, b.redis)
    assert.equal(lockConfig.default, 'database', 'without REDIS_URL the database lock store is the default')
    assert.notProperty(lockConfig.stores, 'redis', 'and nothing connects to Redis')
    const held = a.locks.createLock('sitemaps:regenerate-16', '10s')
    assert.isTrue(await held.acquireImmediately())
    assert.isFalse(await b.locks.createLock('sitemaps:regenerate-16', '10s').acquireImmediately())
    await held.release()
    assert.isTrue(await b.locks.createLock('sitemaps:regenerate-16', '10s').acquireImmediately())
  })

  test('Redis down: the auth throttle fails closed with 429; route errors pass', async ({ assert }) => {
    const down = await instance('redis://127.0.0.1:1')
    opened.push(down.redis)
    const middleware = failClosed(async (_ctx, next) => {
      await down.limiter.use('redis', { requests: 100, duration: '1 minute' }).consume('auth_ip_127.0.0.1')
      return next()
    })
    let reached = false
    const error: any = await middleware({} as any, async () => {
      reached = true
    }).catch((e: any) => e)
    assert.isFalse(reached)
    assert.instanceOf(error, ApiError)
    assert.equal(error.status, 429)
    assert.isAbove(Number(error.headers?.['Retry-After']), 0)

    const passing = failClosed(async (_ctx, next) => next())
    const routeError: any = await passing({} as any, async () => {
      throw new Error('route failed')
    }).catch((e: any) => e)
    assert.equal(routeError.message, 'route failed')
  }).timeout(20000)

  test('Redis down: session reads and sign-out pass uncounted; a known-down store refuses at once', async ({
    assert,
  }) => {
    // The store's error (as the Redis store throws it, without the reconnect wait).
    const counting = async (_ctx: any, _next: any) => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:6379')
    }
    const open = failClosed(counting, {
      uncountedWhenDown: (ctx) => AUTH_ROUTES_OPEN_WHEN_STORE_DOWN.has(ctx.route?.name ?? ''),
      storeDown: async () => false,
    })
    for (const name of ['api.auth.me', 'api.auth.logout', 'api.auth.logout_everywhere', 'api.auth.csrf']) {
      let reached = false
      await open({ route: { name } } as any, async () => {
        reached = true
      })
      assert.isTrue(reached, name)
    }
    for (const name of ['api.auth.login', 'api.auth.signup', 'api.auth.forgot_password', 'api.auth.reset_password']) {
      const error: any = await open({ route: { name } } as any, async () => {}).catch((e: any) => e)
      assert.equal(error?.status, 429, name)
    }

    // Known down (the connection is reconnecting): 429 without waiting for the store.
    let asked = 0
    const known = failClosed(
      async (_ctx, next) => {
        asked++
        return next()
      },
      { storeDown: async () => true }
    )
    const started = Date.now()
    const error: any = await known({} as any, async () => {}).catch((e: any) => e)
    assert.equal(error?.status, 429)
    assert.equal(asked, 0)
    assert.isBelow(Date.now() - started, 100)
  }).timeout(20000)

  test('the AI throttle counts in Redis and fails closed (429) when Redis is down', async ({ assert }) => {
    const up = await instance(server.url)
    const down = await instance('redis://127.0.0.1:1')
    opened.push(up.redis, down.redis)
    const headers: Record<string, string> = {}
    const ctx = {
      auth: { user: { id: 9_000_016 } },
      request: { ip: () => '127.0.0.1' },
      response: { header: (k: string, v: string) => (headers[k] = v) },
    } as any
    let reached = 0
    const next = async () => {
      reached++
    }
    const counting = aiThrottleUsing(() => up.limiter)
    for (let i = 0; i < 20; i++) await counting(ctx, next)
    assert.equal(reached, 20)
    assert.equal(headers['RateLimit-Remaining'], '0')
    const over: any = await counting(ctx, next).catch((e: any) => e)
    assert.equal(over.status, 429)
    assert.match(over.message, /AI tools limit of 20 requests per hour/)

    const error: any = await aiThrottleUsing(() => down.limiter)(ctx, next).catch((e: any) => e)
    assert.equal(reached, 20, 'no AI request runs uncounted')
    assert.instanceOf(error, ApiError)
    assert.equal(error.status, 429)
    assert.equal(error.code, 'TOO_MANY_REQUESTS')
    assert.isAbove(Number(error.headers?.['Retry-After']), 0)
  }).timeout(20000)

  test('/api/health/ready answers 503 naming the failing check (Redis down)', async ({ client, assert, cleanup }) => {
    const down = await instance('redis://127.0.0.1:1')
    opened.push(down.redis)
    class WithRedis extends Readiness {
      async checks() {
        return [...(await super.checks()), new RedisCheck(down.redis.connection('main')).as('redis')]
      }
    }
    app.container.swap(Readiness, () => new WithRedis())
    cleanup(() => app.container.restore(Readiness))
    const response = await client.get(urlFor('api.health.ready'))
    response.assertStatus(503)
    assert.deepEqual(response.body().failing, ['redis'])
    assert.equal(response.body().status, 'error')
    app.container.restore(Readiness)
    const healthy = await client.get(urlFor('api.health.ready'))
    healthy.assertStatus(200)
    assert.deepEqual(healthy.body().failing, [])
    assert.includeMembers(
      healthy.body().checks.map((c: any) => c.name),
      ['database', 'storage:fs']
    )
  }).timeout(20000)

  test('GET /api/health/live answers 200 while serving; /api/health still answers', async ({ client }) => {
    ;(await client.get(urlFor('api.health.live'))).assertBodyContains({ status: 'ok' })
    ;(await client.get(urlFor('api.health'))).assertStatus(200)
  })
})

test.group('Infra / canonical host behind a proxy (CONTRACT 12, issue 16)', () => {
  test('X-Forwarded-Host from a trusted proxy decides the canonical host redirect', async ({ client, assert }) => {
    const canonical = new URL(env.get('APP_URL') || 'http://127.0.0.1:3370')
    // The proxy rewrote Host to an internal name; the client asked for the canonical host.
    const internal = await client
      .get(urlFor('pages.pricing'))
      .header('host', 'app-internal:8080')
      .header('x-forwarded-host', canonical.host)
      .redirects(0)
    assert.notEqual(internal.status(), 301)
    const other = await client
      .get(urlFor('pages.pricing'))
      .header('host', 'app-internal:8080')
      .header('x-forwarded-host', 'www.example.org')
      .redirects(0)
    other.assertStatus(301)
    assert.equal(other.header('location'), `${canonical.origin}/pricing`)
  })
})
