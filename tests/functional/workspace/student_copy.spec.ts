import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { aiUser } from '#tests/support/ai'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { getPage } from '#tests/support/page_object'

/* Issue 29 item 6: copy that keeps its promises, in the server-rendered HTML. */
test.group('Copy that keeps its promises (issue 29)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a signed-in student on a 404 page is shown as signed in, not offered "Sign in"', async ({ client, assert }) => {
    const user = await aiUser()
    const response = await getPage(client, '/no-such-page', user)
    response.assertStatus(404)
    const html = response.text()
    assert.include(html, 'data-testid="nav-user"')
    assert.notInclude(html, '>Sign in<')
    const api = await client.get('/api/no-such-route')
    api.assertStatus(404)
    api.assertBody({ code: 'NOT_FOUND', message: 'Not Found', status: 404 })
  })

  test('Practice Test starts a practice test; the sign-in prompt names the tool', async ({ client, assert }) => {
    const user = await aiUser()
    const practice = await getPage(client, urlFor('pages.ai.tool', { slug: 'practice-test' }), user)
    assert.include(practice.text(), 'Start practice test')
    assert.notInclude(practice.text(), 'Start trivia game')
    const trivia = await getPage(client, urlFor('pages.ai.tool', { slug: 'trivia-game' }), user)
    assert.include(trivia.text(), 'Start trivia game')
    const anonymous = await getPage(client, urlFor('pages.ai.tool', { slug: 'ask-documents' }))
    assert.include(anonymous.text(), 'Sign in to use Ask Your Documents')
    assert.notInclude(anonymous.text(), 'use the Ask')
  })

  test('no page promises what the quick start cannot do ("any topic", AI "for free")', async ({ client, assert }) => {
    for (const slug of ['course-builder', 'pdf-summarizer']) {
      const html = (await getPage(client, urlFor('pages.ai.tool', { slug }))).text()
      assert.notInclude(html, 'any topic')
      assert.notInclude(html, 'for free')
    }
    const courses = (await getPage(client, urlFor('pages.ai.courses'))).text()
    assert.notInclude(courses, 'any topic')
  })
})
