import { test } from '@japa/runner'
import { api } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import { createInstitution } from '#tests/support/catalog'
import { urlFor } from '@adonisjs/core/services/url_builder'

/**
 * Bad input never reaches a 500 (docs/rules/catalog.md#lists: validation failures are 400, a missing entity is
 * 404). Run on SQLite and PostgreSQL: a NUL byte is an error in PostgreSQL text parameters.
 */
test.group('Catalog / bad input is 400 or 404, never 500 (CONTRACT 2, 12)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('API lists: absurd page, limit, sort and q values answer 400 or an empty page', async ({ client, assert }) => {
    await createInstitution({ name: 'Gamma Institute' })
    for (const query of [
      'page=1e309',
      'page=-1',
      'page=1.5',
      'page=99999999999',
      'limit=1e309',
      'limit=NaN',
      'sort=name%00',
      'sort[]=name',
      'q[]=a',
    ]) {
      const response = await client.get(`/api/institutions?${query}`)
      assert.equal(response.status(), 400, query)
      assert.equal(response.body().code, 'BAD_REQUEST', query)
    }
    const lastPossible = await client.get(urlFor('api.institutions.index', {}, { qs: { page: '10000000' } }))
    lastPossible.assertStatus(200)
    assert.deepEqual(lastPossible.body().data, [])
    // NUL anywhere in a request is refused up front (app/middleware/text_input_middleware.ts).
    const nul = await client.get('/api/institutions?q=a%00b')
    assert.equal(nul.status(), 400)
  })

  test('API by slug: odd characters and very long slugs answer 404', async ({ client, assert }) => {
    for (const kind of ['institutions', 'courses', 'documents']) {
      for (const slug of ['%E2%98%83', 'x'.repeat(2000), '%25', 'a%27%20or%201%3D1']) {
        const response = await client.get(`/api/${kind}/${slug}`)
        assert.equal(response.status(), 404, `${kind}/${slug.slice(0, 20)}`)
        assert.equal(response.body().code, 'NOT_FOUND')
      }
    }
  })

  test('pages: NUL bytes in slugs or q, huge or malformed page numbers never 500', async ({ client, assert }) => {
    for (const path of [
      '/institutions/a%00b',
      '/institutions/a%00b/courses',
      '/courses/a%00b',
      '/documents/a%00b',
      '/documents?q=a%00b',
      '/courses?sort=%00',
    ]) {
      const response = await client.get(path).header('accept', 'text/html')
      assert.equal(response.status(), 400, path)
    }
    for (const path of ['/documents?page=1e309', '/courses?page=99999999999', '/institutions?page=-3']) {
      const response = await client.get(path).header('accept', 'text/html')
      assert.equal(response.status(), 404, path)
    }
    for (const path of ['/institutions?sort[]=name&q[]=x']) {
      const response = await client.get(path).header('accept', 'text/html')
      assert.equal(response.status(), 200, path)
    }
  })

  test('own lists and deletes: malformed ids and pages are 400 or 404', async ({ client, assert }) => {
    const { createUser } = await import('#tests/support/users')
    const user = await createUser()
    const list = await client.get(urlFor('api.my.documents.index', {}, { qs: { page: '1e309' } })).loginAs(user)
    assert.equal(list.status(), 400)
    for (const id of ['1e309', 'abc', '-1', '2147483648', '99999999999999999999']) {
      const response = await api(client, user).delete(urlFor('api.my.documents.destroy', { id }))
      assert.equal(response.status(), 404, id)
    }
    for (const payload of [{ title: 'a\u0000b' }, { title: 'Ok', description: 'x\u0000' }, { title: ['a'] }]) {
      const response = await api(client, user).post(urlFor('api.my.courses.store'), payload)
      assert.equal(response.status(), 400, JSON.stringify(payload))
    }
  })
})

/** Counts the SQL statements a request runs (knex 'query' events, global transaction included). */
async function countQueries(run: () => Promise<unknown>): Promise<number> {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const knex = db.connection().getWriteClient()
  let count = 0
  const listener = () => count++
  knex.on('query', listener)
  try {
    await run()
  } finally {
    knex.removeListener('query', listener)
  }
  return count
}

test.group('Catalog / list cost does not grow with the page size (no N+1)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a list page of 2 or 12 rows with counts and refs runs the same query count', async ({ client, assert }) => {
    const { createCourse, createDocument } = await import('#tests/support/catalog')
    const seedRows = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const institution = await createInstitution()
        const course = await createCourse({ institutionId: institution.id })
        await createDocument({ courseId: course.id })
      }
    }
    await seedRows(2)
    const small: Record<string, number> = {}
    for (const path of [
      '/api/institutions',
      '/api/courses',
      '/api/documents',
      '/institutions',
      '/courses',
      '/documents',
    ]) {
      small[path] = await countQueries(() => client.get(path))
    }
    await seedRows(10)
    for (const path of Object.keys(small)) {
      const large = await countQueries(async () => {
        const response = await client.get(path)
        response.assertStatus(200)
      })
      assert.isAbove(small[path], 0, path)
      assert.equal(large, small[path], path)
    }
  })
})
