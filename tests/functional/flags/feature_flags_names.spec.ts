import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import { api, assertErrorBody } from '#tests/support/http'
import { setFlag } from '#tests/support/flags'
import { createUser } from '#tests/support/users'

/*
| Flag names nobody here wrote (docs/decisions/flags.md, "Audit with outside input"): at and past
| the 100-character limit, surrounding space, names that differ only in case, and odd names on
| the public status route.
*/
test.group('Flags / names from outside', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('100 characters are a name, 101 are 400 and store nothing', async ({ client, assert }) => {
    const user = await createUser({ role: 'admin' })
    const longest = `enable_${'a'.repeat(93)}`
    const created = await api(client, user).post(urlFor('api.feature_flags.store'), { name: longest })
    created.assertStatus(201)
    assert.equal(created.body().name, longest)
    const tooLong = await api(client, user).post(urlFor('api.feature_flags.store'), { name: `${longest}b` })
    assertErrorBody(assert, tooLong, 400, 'BAD_REQUEST')
    assert.equal(tooLong.body().errors[0].field, 'name')
    assert.lengthOf(await db.from('feature_flags').where('name', 'like', 'enable_aaa%'), 1)
  })

  test('a name differing from an existing flag only in case is 409 and stores nothing', async ({ client, assert }) => {
    const user = await createUser({ role: 'admin' })
    await setFlag('enable_ads', false)
    for (const name of ['enable_ADS', 'enable_Ads', ' enable_ads ']) {
      const response = await api(client, user).post(urlFor('api.feature_flags.store'), { name })
      assertErrorBody(assert, response, 409, 'CONFLICT')
      assert.include(response.body().message, 'enable_ads', name)
    }
    const rows = await db.from('feature_flags').whereRaw('lower(name) = ?', ['enable_ads'])
    assert.deepEqual(
      rows.map((row) => row.name),
      ['enable_ads']
    )
  })

  test('a blank environment means all environments, as the form and the flags:create command read it', async ({
    client,
    assert,
  }) => {
    const user = await createUser({ role: 'admin' })
    for (const [name, environment] of [
      ['enable_blank_env', ''],
      ['enable_space_env', '  '],
      ['enable_padded_env', ' staging '],
    ]) {
      const response = await api(client, user).post(urlFor('api.feature_flags.store'), { name, environment })
      response.assertStatus(201)
      assert.equal(response.body().environment, environment.trim() || null, name)
    }
    const bad = await api(client, user).post(urlFor('api.feature_flags.store'), {
      name: 'enable_qa',
      environment: 'qa',
    })
    assertErrorBody(assert, bad, 400, 'BAD_REQUEST')
    assert.equal(bad.body().errors[0].field, 'environment')
    assert.include(bad.body().message, 'development, staging, production, test')
  })

  test('the status route answers any name signed out: 200, false, the name escaped as JSON', async ({
    client,
    assert,
  }) => {
    await setFlag('enable_ads', true)
    const names = ['enable_ADS', 'enable_ads ', '<script>alert(1)</script>', `enable_${'x'.repeat(2000)}`, 'ö"\\']
    for (const name of names) {
      const response = await client.get(`/api/feature-flags/status/${encodeURIComponent(name)}`)
      response.assertStatus(200)
      assert.deepEqual(response.body(), { name, is_enabled: false })
      assert.equal(response.header('x-content-type-options'), 'nosniff')
      assert.isUndefined(response.header('set-cookie'))
    }
    const real = await client.get('/api/feature-flags/status/enable_ads')
    assert.deepEqual(real.body(), { name: 'enable_ads', is_enabled: true })
  })
})
