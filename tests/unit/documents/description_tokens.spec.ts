import { test } from '@japa/runner'
import { ingestBuffer } from '#services/documents/ingest'

/*
| A document's description quotes its text as written (docs/decisions/hostile_io.md "Hostile files,
| session 16"). Sentence splitting breaks after "?" or "!" inside a token; the chunks joined such a
| split back, the description did not: "https://example.com/get? os=linux" on the page, the cards
| and the meta description. Generated text.
*/
test.group('Document descriptions', () => {
  test('a sentence split inside a token is joined back', async ({ assert }) => {
    const url = 'Download it from https://example.com/get?os=linux&arch=x64 and run the installer. It takes a minute.'
    assert.equal((await ingestBuffer('md', Buffer.from(url))).description, url)
    const bang = await ingestBuffer('txt', Buffer.from('Hello!World is a greeting program.\n\nIt prints text.'))
    assert.equal(bang.description, 'Hello!World is a greeting program. It prints text.')
    const item = await ingestBuffer('md', Buffer.from('- Visit https://a.org/x?y=1 now. Then go.'))
    assert.equal(item.description, 'Visit https://a.org/x?y=1 now. Then go.')
  })
})
