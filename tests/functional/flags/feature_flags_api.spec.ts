import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { setFlag } from '#tests/support/flags'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** The fields of a flag in every answer (docs/rules/flags.md#evaluation). */
const FLAG_FIELDS = ['id', 'name', 'description', 'is_enabled', 'environment', 'created_at', 'updated_at']
const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/

async function admin() {
  return createUser({ role: 'admin' })
}

test.group('Flags / status route (SPEC F, public lean stack)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a missing flag answers 200 with is_enabled=false (SPEC F rule 1)', async ({ client }) => {
    const response = await client.get(urlFor('api.feature_flags.status', { name: 'enable_missing_thing' }))
    response.assertStatus(200)
    response.assertBody({ name: 'enable_missing_thing', is_enabled: false })
  })

  test('an enabled flag answers true, without session or CSRF cookies (lean stack)', async ({ client, assert }) => {
    await setFlag('enable_status_on', true)
    const response = await client.get(urlFor('api.feature_flags.status', { name: 'enable_status_on' }))
    response.assertStatus(200)
    response.assertBody({ name: 'enable_status_on', is_enabled: true })
    assert.isUndefined(response.header('set-cookie'))
  })

  test('a disabled flag answers false', async ({ client }) => {
    await setFlag('enable_status_off', false)
    const response = await client.get(urlFor('api.feature_flags.status', { name: 'enable_status_off' }))
    response.assertBody({ name: 'enable_status_off', is_enabled: false })
  })

  test('a flag bound to another environment is false; to NODE_ENV, true', async ({ client }) => {
    await setFlag('enable_prod_only', true, 'production')
    await setFlag('enable_test_only', true, 'test')
    ;(await client.get(urlFor('api.feature_flags.status', { name: 'enable_prod_only' }))).assertBody({
      name: 'enable_prod_only',
      is_enabled: false,
    })
    ;(await client.get(urlFor('api.feature_flags.status', { name: 'enable_test_only' }))).assertBody({
      name: 'enable_test_only',
      is_enabled: true,
    })
  })

  test('a toggle through the API is visible to the status route at once (refresh on write)', async ({ client }) => {
    const user = await admin()
    await setFlag('enable_flip_me', false)
    ;(await client.get(urlFor('api.feature_flags.status', { name: 'enable_flip_me' }))).assertBody({
      name: 'enable_flip_me',
      is_enabled: false,
    })
    ;(await api(client, user).patch(urlFor('api.feature_flags.toggle', { name: 'enable_flip_me' }))).assertStatus(200)
    ;(await client.get(urlFor('api.feature_flags.status', { name: 'enable_flip_me' }))).assertBody({
      name: 'enable_flip_me',
      is_enabled: true,
    })
  })
})

test.group('Flags / admin guard (SPEC Authentication 2, CONTRACT 12)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('anonymous callers get 403 FORBIDDEN on every admin route', async ({ client, assert }) => {
    const responses = [
      await client.get(urlFor('api.feature_flags.index')),
      await api(client).post(urlFor('api.feature_flags.store'), { name: 'enable_x' }),
      await api(client).patch(urlFor('api.feature_flags.toggle', { name: 'enable_x' })),
      await api(client).delete(urlFor('api.feature_flags.destroy', { name: 'enable_x' })),
      await api(client).post(urlFor('api.feature_flags.cache_refresh')),
    ]
    for (const response of responses) {
      assert.equal(response.status(), 403)
      assert.equal(response.body().code, 'FORBIDDEN')
      assert.equal(response.body().status, 403)
    }
  })

  test('a signed-in non-admin gets 403 FORBIDDEN and nothing changes', async ({ client, assert }) => {
    const user = await createUser({ role: 'user' })
    await setFlag('enable_guarded', true)
    const list = await client.get(urlFor('api.feature_flags.index')).loginAs(user)
    assertErrorBody(assert, list, 403, 'FORBIDDEN')
    const create = await api(client, user).post(urlFor('api.feature_flags.store'), { name: 'enable_sneaky' })
    create.assertStatus(403)
    const toggle = await api(client, user).patch(urlFor('api.feature_flags.toggle', { name: 'enable_guarded' }))
    toggle.assertStatus(403)
    const del = await api(client, user).delete(urlFor('api.feature_flags.destroy', { name: 'enable_guarded' }))
    del.assertStatus(403)
    const refresh = await api(client, user).post(urlFor('api.feature_flags.cache_refresh'))
    refresh.assertStatus(403)
    const row = await db.from('feature_flags').where('name', 'enable_guarded').first()
    assert.equal(Boolean(row.is_enabled), true)
    assert.isNull(await db.from('feature_flags').where('name', 'enable_sneaky').first())
  })

  test('an admin mutation without the XSRF header is refused with 403 (CONTRACT 3)', async ({ client, assert }) => {
    const user = await admin()
    const response = await client.post(urlFor('api.feature_flags.store')).json({ name: 'enable_no_csrf' }).loginAs(user)
    response.assertStatus(403)
    assert.isNull(await db.from('feature_flags').where('name', 'enable_no_csrf').first())
  })
})

test.group('Flags / admin routes (SPEC F)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /api/feature-flags lists { data: [flag] } with the flag JSON shape', async ({ client, assert }) => {
    const user = await admin()
    await setFlag('enable_listed_b', true)
    await setFlag('enable_listed_a', false, 'staging')
    const response = await client.get(urlFor('api.feature_flags.index')).loginAs(user)
    response.assertStatus(200)
    const data = response.body().data as any[]
    const names = data.map((f) => f.name)
    assert.includeMembers(names, ['enable_listed_a', 'enable_listed_b'])
    assert.isBelow(names.indexOf('enable_listed_a'), names.indexOf('enable_listed_b'))
    const flag = data.find((f) => f.name === 'enable_listed_a')
    assert.sameMembers(Object.keys(flag), FLAG_FIELDS)
    assert.match(flag.id, /^[0-9a-f-]{36}$/)
    assert.strictEqual(flag.is_enabled, false)
    assert.equal(flag.environment, 'staging')
    assert.match(flag.created_at, ISO_Z)
    assert.match(flag.updated_at, ISO_Z)
  })

  test('POST creates a flag: 201 with the full flag, persisted and audited', async ({ client, assert }) => {
    const user = await admin()
    const response = await api(client, user).post(urlFor('api.feature_flags.store'), {
      name: 'enable_new_thing',
      description: 'A new thing',
      is_enabled: true,
      environment: 'production',
    })
    response.assertStatus(201)
    const body = response.body()
    assert.sameMembers(Object.keys(body), FLAG_FIELDS)
    assert.equal(body.name, 'enable_new_thing')
    assert.equal(body.description, 'A new thing')
    assert.strictEqual(body.is_enabled, true)
    assert.equal(body.environment, 'production')
    assert.match(body.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    const row = await db.from('feature_flags').where('name', 'enable_new_thing').first()
    assert.equal(row.id, body.id)
    const audit = await db.from('feature_flag_audits').where('flag_name', 'enable_new_thing')
    assert.lengthOf(audit, 1)
    assert.equal(audit[0].action, 'create')
    assert.equal(audit[0].actor, String(user.id))
  })

  test('POST with only a name creates it disabled for all environments', async ({ client, assert }) => {
    const user = await admin()
    const response = await api(client, user).post(urlFor('api.feature_flags.store'), { name: 'enable_minimal' })
    response.assertStatus(201)
    assert.strictEqual(response.body().is_enabled, false)
    assert.isNull(response.body().environment)
    assert.isNull(response.body().description)
  })

  test('POST with a name without the enable_ prefix is 400 BAD_REQUEST', async ({ client, assert }) => {
    const user = await admin()
    for (const name of ['uploads', 'ENABLE_x', 'enable_', 'my_enable_x']) {
      const response = await api(client, user).post(urlFor('api.feature_flags.store'), { name })
      assert.equal(response.status(), 400, name)
      assert.equal(response.body().code, 'BAD_REQUEST')
      assert.equal(response.body().errors?.[0]?.field, 'name')
    }
    const missing = await api(client, user).post(urlFor('api.feature_flags.store'), {})
    assertErrorBody(assert, missing, 400, 'BAD_REQUEST')
    const badEnv = await api(client, user).post(urlFor('api.feature_flags.store'), {
      name: 'enable_env',
      environment: 'qa',
    })
    badEnv.assertStatus(400)
    assert.equal(
      (await db.from('feature_flags').where('name', 'like', 'enable%').whereIn('name', ['enable_', 'enable_env']))
        .length,
      0
    )
  })

  test('POST with a duplicate name is 409 CONFLICT (SPEC F, Errors)', async ({ client, assert }) => {
    const user = await admin()
    await setFlag('enable_twice', true)
    const response = await api(client, user).post(urlFor('api.feature_flags.store'), { name: 'enable_twice' })
    response.assertStatus(409)
    response.assertBodyContains({ code: 'CONFLICT', status: 409 })
    const rows = await db.from('feature_flags').where('name', 'enable_twice')
    assert.lengthOf(rows, 1)
    assert.equal(Boolean(rows[0].is_enabled), true)
  })

  test('PATCH toggle flips and answers { name, is_enabled }; both ways; audited', async ({ client, assert }) => {
    const user = await admin()
    await setFlag('enable_toggle_me', false)
    const first = await api(client, user).patch(urlFor('api.feature_flags.toggle', { name: 'enable_toggle_me' }))
    first.assertStatus(200)
    first.assertBody({ name: 'enable_toggle_me', is_enabled: true })
    let row = await db.from('feature_flags').where('name', 'enable_toggle_me').first()
    assert.equal(Boolean(row.is_enabled), true)
    const second = await api(client, user).patch(urlFor('api.feature_flags.toggle', { name: 'enable_toggle_me' }))
    second.assertBody({ name: 'enable_toggle_me', is_enabled: false })
    row = await db.from('feature_flags').where('name', 'enable_toggle_me').first()
    assert.equal(Boolean(row.is_enabled), false)
    const audits = await db
      .from('feature_flag_audits')
      .where('flag_name', 'enable_toggle_me')
      .where('action', 'toggle')
      .orderBy('id')
    assert.lengthOf(audits, 2)
    assert.equal(Boolean(audits[0].old_value), false)
    assert.equal(Boolean(audits[0].new_value), true)
  })

  test('PATCH toggle of a missing flag is 404 NOT_FOUND', async ({ client }) => {
    const user = await admin()
    const response = await api(client, user).patch(urlFor('api.feature_flags.toggle', { name: 'enable_not_here' }))
    response.assertStatus(404)
    response.assertBodyContains({ code: 'NOT_FOUND', status: 404 })
  })

  test('DELETE removes the row and answers { deleted: true, name }; then 404', async ({ client, assert }) => {
    const user = await admin()
    await setFlag('enable_doomed', true)
    const response = await api(client, user).delete(urlFor('api.feature_flags.destroy', { name: 'enable_doomed' }))
    response.assertStatus(200)
    response.assertBody({ deleted: true, name: 'enable_doomed' })
    assert.isNull(await db.from('feature_flags').where('name', 'enable_doomed').first())
    ;(await client.get(urlFor('api.feature_flags.status', { name: 'enable_doomed' }))).assertBody({
      name: 'enable_doomed',
      is_enabled: false,
    })
    const again = await api(client, user).delete(urlFor('api.feature_flags.destroy', { name: 'enable_doomed' }))
    assertErrorBody(assert, again, 404, 'NOT_FOUND')
  })

  test('POST cache/refresh answers { refreshed: true }', async ({ client }) => {
    const user = await admin()
    const response = await api(client, user).post(urlFor('api.feature_flags.cache_refresh'))
    response.assertStatus(200)
    response.assertBody({ refreshed: true })
  })

  test('GET history lists the audit trail newest first (beyond the spec)', async ({ client, assert }) => {
    const user = await admin()
    await api(client, user).post(urlFor('api.feature_flags.store'), { name: 'enable_history' })
    await api(client, user).patch(urlFor('api.feature_flags.toggle', { name: 'enable_history' }))
    const response = await client.get(urlFor('api.feature_flags.history', { name: 'enable_history' })).loginAs(user)
    response.assertStatus(200)
    const data = response.body().data
    assert.deepEqual(
      data.map((e: any) => e.action),
      ['toggle', 'create']
    )
    assert.equal(data[0].actor, String(user.id))
    assert.strictEqual(data[0].old_value, false)
    assert.strictEqual(data[0].new_value, true)
  })
})
