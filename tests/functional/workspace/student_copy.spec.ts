import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { aiUser } from '#tests/support/ai'
import { urlFor } from '@adonisjs/core/services/url_builder'

/* Issue 29 item 6: copy that keeps its promises, in the server-rendered HTML. */
test.group('Copy that keeps its promises (issue 29)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a signed-in student on a 404 page is shown as signed in, not offered "Sign in"', async ({ client, assert }) => {
    const user = await aiUser()
    const response = await client.get('/no-such-page').header('accept', 'text/html').loginAs(user)
    response.assertStatus(404)
    const html = response.text()
    assert.include(html, 'data-testid="nav-user"')
    assert.notInclude(html, '>Sign in<')
    const api = await client.get('/api/no-such-route')
    api.assertStatus(404)
    api.assertBody({ code: 'NOT_FOUND', message: 'Not Found', status: 404 })
  })

  test('Practice Test starts a practice test; the sign-in prompt names the tool plainly', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const practice = await client
      .get(urlFor('pages.ai.tool', { slug: 'practice-test' }))
      .header('accept', 'text/html')
      .loginAs(user)
    assert.include(practice.text(), 'Start practice test')
    assert.notInclude(practice.text(), 'Start trivia game')
    const trivia = await client
      .get(urlFor('pages.ai.tool', { slug: 'trivia-game' }))
      .header('accept', 'text/html')
      .loginAs(user)
    assert.include(trivia.text(), 'Start trivia game')
    const anonymous = await client.get(urlFor('pages.ai.tool', { slug: 'ask-documents' })).header('accept', 'text/html')
    assert.include(anonymous.text(), 'Sign in to use Ask Your Documents')
    assert.notInclude(anonymous.text(), 'use the Ask')
  })

  test('no page promises what the quick start cannot do ("any topic", AI "for free")', async ({ client, assert }) => {
    for (const slug of ['course-builder', 'pdf-summarizer']) {
      const html = (await client.get(urlFor('pages.ai.tool', { slug })).header('accept', 'text/html')).text()
      assert.notInclude(html, 'any topic')
      assert.notInclude(html, 'for free')
    }
    const courses = (await client.get(urlFor('pages.ai.courses')).header('accept', 'text/html')).text()
    assert.notInclude(courses, 'any topic')
  })
})
