import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { swapSettings } from '#tests/support/settings'
import { ThrottleSettings } from '#services/infra/throttle_settings'
import { aiGroup, aiUser, BIOLOGY_TEXT, countRows } from '#tests/support/ai'
import { filesStartingWith, marker } from '#tests/support/hostile/temp_files'

test.group('Hostile I/O: uploads are limited per user per hour (issue 23.4, CONTRACT 15)', (group) => {
  aiGroup(group)

  test('over the hourly limit → 429 with Retry-After; nothing read or stored', async ({ client, assert, cleanup }) => {
    cleanup(swapSettings(ThrottleSettings, { uploadsPerHour: 3 }))
    const user = await aiUser()
    const other = await aiUser()
    const post = (content: Buffer, filename: string, who = user) =>
      client.post(urlFor('api.documents.upload')).file('file', content, { filename }).loginAs(who).withCsrfToken()

    const first = await post(Buffer.from('not a pdf'), 'bad.pdf')
    first.assertStatus(400)
    assert.equal(first.header('ratelimit-limit'), '3')
    assert.equal(first.header('ratelimit-remaining'), '2')
    ;(await post(Buffer.alloc(0), 'empty.txt')).assertStatus(400)
    ;(await post(Buffer.from(BIOLOGY_TEXT), 'ok.txt')).assertStatus(201)

    const mark = marker()
    const refused = await post(Buffer.from(`${mark}\n${BIOLOGY_TEXT}`), 'fourth.txt')
    refused.assertStatus(429)
    assert.equal(refused.body().code, 'TOO_MANY_REQUESTS')
    assert.equal(refused.body().status, 429)
    assert.include(refused.body().message, '3 uploads per hour')
    const retryAfter = Number(refused.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 3600)
    assert.equal(await countRows('documents', { owner_id: user.id }), 1)
    assert.deepEqual(await filesStartingWith(mark), [], 'a throttled body is never written')

    // Per user: someone else still uploads.
    ;(await post(Buffer.from(BIOLOGY_TEXT), 'mine.txt', other)).assertStatus(201)
  })
})
