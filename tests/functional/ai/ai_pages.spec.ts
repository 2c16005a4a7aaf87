import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { TOOL_PAGES } from '#services/ai/tool_pages'
import { aiUser, ownedDocument } from '#tests/support/ai'
import { getPage } from '#tests/support/page_object'
import { urlFor } from '@adonisjs/core/services/url_builder'

function jsonLd(html: string) {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1])
  )
}

test.group('AI pages render for anonymous visitors with SSR content (CONTRACT 6)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('/ai hub lists the 12 tools with an ItemList of 12', async ({ client, assert }) => {
    const response = await getPage(client, urlFor('pages.ai.hub'))
    response.assertStatus(200)
    const html = response.text()
    assert.include(html, 'AI study tools')
    const list = jsonLd(html).find((d) => d['@type'] === 'ItemList')
    assert.exists(list)
    assert.lengthOf(list.itemListElement, 12)
    for (const page of TOOL_PAGES) assert.include(html, `/ai/${page.slug}`)
  })

  test('every /ai/* page: headline, SoftwareApplication, a 3–5 step HowTo, sign-in', async ({ client, assert }) => {
    assert.lengthOf(TOOL_PAGES, 12)
    for (const page of TOOL_PAGES) {
      const response = await getPage(client, urlFor('pages.ai.tool', { slug: page.slug }))
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
    ;(await getPage(client, urlFor('pages.ai.tool', { slug: 'not-a-tool' }))).assertStatus(404)
  })

  test("signed in: a tool lists the caller's documents; /ai-courses renders", async ({ client, assert }) => {
    const user = await aiUser()
    await ownedDocument(user.id, undefined, { title: 'My cell biology notes' })
    const response = await getPage(client, urlFor('pages.ai.tool', { slug: 'document-analyzer' }), user)
    response.assertStatus(200)
    assert.include(response.text(), 'My cell biology notes')
    assert.include(response.text(), 'data-testid="tool-runner"')
    const courses = await getPage(client, urlFor('pages.ai.courses'), user)
    courses.assertStatus(200)
    assert.include(courses.text(), 'AI courses')
  })
})
