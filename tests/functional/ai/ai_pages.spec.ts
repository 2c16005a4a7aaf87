import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { TOOL_PAGES } from '#services/ai/tool_pages'
import { aiUser, ownedDocument } from '#tests/support/ai'
import { urlFor } from '@adonisjs/core/services/url_builder'

function jsonLd(html: string) {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1])
  )
}

test.group('AI pages render for anonymous visitors with SSR content (CONTRACT 6)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('/ai hub lists the 12 tools with an ItemList of 12', async ({ client, assert }) => {
    const response = await client.get(urlFor('pages.ai.hub')).header('accept', 'text/html')
    response.assertStatus(200)
    const html = response.text()
    assert.include(html, 'AI study tools')
    const list = jsonLd(html).find((d) => d['@type'] === 'ItemList')
    assert.exists(list)
    assert.lengthOf(list.itemListElement, 12)
    for (const page of TOOL_PAGES) assert.include(html, `/ai/${page.slug}`)
  })

  test('each of the twelve /ai/* pages: 200, headline, SoftwareApplication and HowTo (3–5 steps), sign-in prompt', async ({
    client,
    assert,
  }) => {
    assert.lengthOf(TOOL_PAGES, 12)
    for (const page of TOOL_PAGES) {
      const response = await client.get(urlFor('pages.ai.tool', { slug: page.slug })).header('accept', 'text/html')
      response.assertStatus(200)
      const html = response.text()
      assert.include(html, page.headline.replace(/&/g, '&amp;'))
      const data = jsonLd(html)
      assert.exists(
        data.find((d) => d['@type'] === 'SoftwareApplication'),
        page.slug
      )
      const howTo = data.find((d) => d['@type'] === 'HowTo')
      assert.isAtLeast(howTo.step.length, 3)
      assert.isAtMost(howTo.step.length, 5)
      assert.include(html, 'data-testid="signin-prompt"')
    }
    ;(await client.get(urlFor('pages.ai.tool', { slug: 'not-a-tool' })).header('accept', 'text/html')).assertStatus(404)
  })

  test('signed in: the tool renders with the caller’s ingested documents; /ai-courses renders', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    await ownedDocument(user.id, undefined, { title: 'My cell biology notes' })
    const response = await client
      .get(urlFor('pages.ai.tool', { slug: 'document-analyzer' }))
      .header('accept', 'text/html')
      .loginAs(user)
    response.assertStatus(200)
    assert.include(response.text(), 'My cell biology notes')
    assert.include(response.text(), 'data-testid="tool-runner"')
    const courses = await client.get(urlFor('pages.ai.courses')).header('accept', 'text/html').loginAs(user)
    courses.assertStatus(200)
    assert.include(courses.text(), 'AI courses')
  })
})
