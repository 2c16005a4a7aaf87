import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import { api } from '#tests/support/http'
import { createUser } from '#tests/support/users'

/** The largest import the validator takes: 5,000 new cards. */
const fullCanvas = () => ({
  nodes: Array.from({ length: 5000 }, (_, i) => ({
    id: `card-${i}`,
    type: 'text',
    x: (i % 50) * 300,
    y: Math.floor(i / 50) * 200,
    width: 260,
    height: 180,
    text: `# Card ${i}\nThe light reactions make ATP and NADPH; card ${i} of the week.`,
  })),
  edges: [],
})

test.group('Notes / a JSON Canvas import never stalls the server', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('liveness answers while 5,000 cards are imported', async ({ client, assert }) => {
    const user = await createUser()
    let imported = false
    const pending = api(client, user)
      .post(urlFor('api.notes.canvas.import'), fullCanvas())
      .then((response) => {
        imported = true
        return response
      })
    // Order, not time: once cards are being written, count the liveness answers that arrive
    // before the import's answer.
    const written = async () =>
      Number((await db.from('structured_notes').where('user_id', user.id).count('* as n').first())?.n ?? 0)
    while (!imported && (await written()) === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    let answeredMeanwhile = 0
    while (!imported) {
      ;(await client.get(urlFor('api.health.live'))).assertStatus(200)
      if (!imported) answeredMeanwhile++
    }
    const response = await pending
    response.assertStatus(200)
    assert.deepEqual(response.body(), { updated: 0, created: 5000 })
    assert.isAtLeast(answeredMeanwhile, 3, 'liveness waited for the whole import')
  }).timeout(120_000)

  test('a card whose first line is A and 300 emoji becomes a title of A and 99 whole emoji', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const card = { id: 'c', type: 'text', x: 0, y: 0, width: 260, height: 180, text: `# A${'🧬'.repeat(300)}\nbody` }
    ;(await api(client, user).post(urlFor('api.notes.canvas.import'), { nodes: [card] })).assertStatus(200)
    const note = await db.from('structured_notes').where('user_id', user.id).firstOrFail()
    assert.equal(note.title, `A${'🧬'.repeat(99)}`)
  })
})
