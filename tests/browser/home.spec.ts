import { test } from '@japa/runner'

test.group('Browser / home', () => {
  test('the home page renders and hydrates', async ({ visit }) => {
    const page = await visit('/')
    await page.assertTextContains('h1', 'StudyHub')
  })
})
