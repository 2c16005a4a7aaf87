import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { aiGroup, aiUser } from '#tests/support/ai'
import { uploadDocument } from '#tests/support/uploads'

test.group('Hostile input / uploaded text keeps its words', (group) => {
  aiGroup(group)

  test('a URL query or a "?" with no space after it gets no space in the stored text', async ({ client, assert }) => {
    const user = await aiUser()
    // Sentence splitting breaks after "?" even inside a token; the chunks joined the parts with a space.
    const plain = [
      'Cells divide by mitosis. The atlas is at https://example.com/search?q=cells&page=2 for the class.',
      'Why?Because the membrane is selective!Really. Ask: what is osmosis?',
    ].join(' ')
    const response = await uploadDocument(client, user, 'links.txt', plain)
    response.assertStatus(201)
    const read = await client.get(urlFor('api.documents.show', { slug: response.body().document.slug })).loginAs(user)
    assert.equal(read.body().text, plain)
  })
})
