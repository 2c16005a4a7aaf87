import { test } from '@japa/runner'
import { compileTrustedProxies } from '#config/app'
import { selectStorage } from '#start/storage_disks'
import { redisOptionsFromUrl, redisUrlFrom } from '#start/redis_settings'

test.group('Infra / TRUSTED_PROXIES through proxy-addr (CONTRACT 14)', () => {
  test('addresses, CIDR ranges and the names loopback, linklocal, uniquelocal', ({ assert }) => {
    const trust = compileTrustedProxies('198.51.100.0/24, 203.0.113.7')
    assert.isTrue(trust('198.51.100.200', 0))
    assert.isTrue(trust('203.0.113.7', 0))
    assert.isFalse(trust('203.0.113.8', 0))
    assert.isFalse(trust('127.0.0.1', 0), 'loopback only when named')
    const named = compileTrustedProxies('linklocal,uniquelocal')
    assert.isTrue(named('169.254.1.1', 0))
    assert.isTrue(named('10.20.30.40', 0))
    assert.isTrue(named('192.168.1.8', 0))
    assert.isTrue(named('fd00::1', 0))
    assert.isFalse(named('203.0.113.9', 0))
  })

  test('the default trusts loopback only; an unreadable value stops the boot', ({ assert }) => {
    const trust = compileTrustedProxies(undefined)
    assert.isTrue(trust('127.0.0.1', 0))
    assert.isTrue(trust('::1', 0))
    assert.isFalse(trust('10.0.0.1', 0))
    assert.throws(() => compileTrustedProxies('10.0.0.0/99'), /TRUSTED_PROXIES is invalid/)
  })
})

test.group('Infra / storage disks (CONTRACT 14, SPEC B rule 5)', () => {
  test('uploads default to fs; sitemaps to none', ({ assert }) => {
    assert.deepEqual(selectStorage({}), { uploads: 'fs', sitemaps: null, disks: ['fs'], warnings: [] })
  })

  test('a disk missing its required settings counts as not configured, with one warning', ({ assert }) => {
    const selection = selectStorage({ UPLOADS_DISK: 's3', SITEMAP_DISK: 'gcs' })
    assert.isNull(selection.uploads)
    assert.isNull(selection.sitemaps)
    assert.deepEqual(selection.disks, [])
    assert.lengthOf(selection.warnings, 2)
    assert.match(selection.warnings[0], /UPLOADS_DISK=s3 is missing S3_BUCKET/)
    assert.match(selection.warnings[1], /SITEMAP_DISK=gcs is missing GCS_BUCKET/)
  })

  test('both purposes may share one complete disk', ({ assert }) => {
    const selection = selectStorage({ UPLOADS_DISK: 's3', SITEMAP_DISK: 's3', S3_BUCKET: 'studyhub' })
    assert.deepEqual(selection, { uploads: 's3', sitemaps: 's3', disks: ['s3'], warnings: [] })
  })
})

test.group('Infra / one Redis configuration (CONTRACT 14)', () => {
  test('REDIS_URL wins; QUEUE_REDIS_URL is its alias; the URL becomes bounded ioredis options', ({ assert }) => {
    assert.equal(redisUrlFrom({ REDIS_URL: 'redis://a:1', QUEUE_REDIS_URL: 'redis://b:2' }), 'redis://a:1')
    assert.equal(redisUrlFrom({ QUEUE_REDIS_URL: 'redis://b:2' }), 'redis://b:2')
    assert.isNull(redisUrlFrom({ REDIS_URL: ' ' }))
    const options = redisOptionsFromUrl('rediss://user:p%40ss@cache.internal:6380/2')
    assert.include(options, {
      host: 'cache.internal',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 2,
      maxRetriesPerRequest: 1,
    })
    assert.deepEqual(options.tls, {})
    assert.throws(() => redisOptionsFromUrl('http://cache:6379'), /redis:\/\//)
  })
})
