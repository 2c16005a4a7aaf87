import { test } from '@japa/runner'
import { createUser } from '#tests/support/users'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Browser / home', () => {
  test('the home page renders and hydrates', async ({ visit }) => {
    const page = await visit(urlFor('pages.home'))
    await page.assertTextContains('h1', 'StudyHub')
  })

  test('a signed-in visitor sees their name in the navigation', async ({ visit, browserContext }) => {
    const user = await createUser({ username: 'ada' })
    await browserContext.loginAs(user)
    const page = await visit(urlFor('pages.home'))
    await page.assertTextContains('[data-testid="nav-user"]', 'ada')
  })
})
