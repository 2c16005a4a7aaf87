import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { aiGroup, aiUser } from '#tests/support/ai'
import { RENDER_BUDGET } from '../../../inertia/components/catalog/text_blocks.js'

/*
| A stored text of many tiny blocks (docs/decisions/hostile_io.md "Hostile files, session 16"):
| 100,000 one-word Markdown headings rendered for 6 s on the server, holding /api/health and every
| other request. The page renders the first RENDER_BUDGET elements and a button for the rest.
| Generated text.
*/
test.group('A document page with a very long text', (group) => {
  aiGroup(group)

  test('renders its first elements and offers the rest', async ({ client, assert }) => {
    const user = await aiUser()
    const lines = Array.from({ length: 6000 }, (_, i) => `# Part ${i + 1}\n\nCells divide ${i + 1} times.`)
    const response = await client
      .post(urlFor('api.documents.upload'))
      .file('file', Buffer.from(lines.join('\n\n')), { filename: 'parts.md' })
      .loginAs(user)
      .withCsrfToken()
    response.assertStatus(201)
    const { slug } = response.body().document
    const page = (await client.get(urlFor('pages.documents.show', { slug })).loginAs(user)).text()
    const article = page.slice(page.indexOf('data-testid="document-text"'))
    const headings = article.match(/<h[234][^>]*>Part \d+<\/h[234]>/g) ?? []
    assert.equal(headings.length, RENDER_BUDGET / 2)
    assert.include(article, '>Part 1000</h')
    assert.notInclude(article, '>Part 1001</h')
    assert.match(article, /data-testid="document-text-more"[^>]*>Show the rest of the text \(10,000 more parts\)/)
    // The whole text is still the page's: the API and the page props carry it.
    assert.include(page, 'Cells divide 6000 times.')
  })
})
