import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import { testServerUrl } from '#tests/support/test_run'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { gunzipSync } from 'node:zlib'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { assignPlan } from '#services/billing/subscription_writer'
import { PlanCatalog } from '#services/billing/plans'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { getPage, pageProps } from '#tests/support/page_object'

test.group('First contact / signed-in pages are server-rendered with the user data (issue 14 B5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  // The recent documents, the nearest deadlines, the plan and the credits left.
  test('/dashboard carries documents, deadlines, plan and credits in the first HTML', async ({ client, assert }) => {
    const user = await createUser()
    await assignPlan(new PlanCatalog(), user.id, 'pro')
    await createDocument({ ownerId: user.id, visibility: 'private', title: 'Cell biology lecture' })
    const note = await api(client, user).post(urlFor('api.notes.store'), {
      title: 'Essay due',
      deadline_at: '2030-01-02T15:00:00Z',
    })
    note.assertStatus(201)
    const response = await getPage(client, urlFor('pages.workspace.dashboard'), user)
    response.assertStatus(200)
    const html = response.text()
    assert.include(html, 'Cell biology lecture')
    assert.include(html, 'Essay due')
    const props = pageProps(html)
    assert.equal(props.subscription.planSlug, 'pro')
    assert.equal(props.subscription.limits.aiCredits, 100)
    assert.deepEqual(
      props.documents.data.map((d: any) => d.title),
      ['Cell biology lecture']
    )
    assert.deepEqual(
      props.deadlines.data.map((n: any) => n.title),
      ['Essay due']
    )
  })

  test("/my-documents and /my-courses list only the user's items, in the first HTML", async ({ client, assert }) => {
    const user = await createUser()
    const other = await createUser()
    await createDocument({ ownerId: user.id, visibility: 'private', title: 'Mine to read' })
    await createDocument({ ownerId: other.id, visibility: 'private', title: 'Not mine' })
    await createCourse({ ownerId: user.id, visibility: 'private', title: 'My own course' } as any)
    const docs = (await getPage(client, urlFor('pages.workspace.my_documents'), user)).text()
    assert.include(docs, 'Mine to read')
    assert.notInclude(docs, 'Not mine')
    const courses = (await getPage(client, urlFor('pages.workspace.my_courses'), user)).text()
    assert.include(courses, 'My own course')
    assert.deepEqual(
      pageProps(courses).documents.data.map((d: any) => d.title),
      ['Mine to read']
    )
  })

  test('/notes carries the list of notes in the first HTML', async ({ client, assert }) => {
    const user = await createUser()
    await api(client, user).post(urlFor('api.notes.store'), { title: 'Revision plan' })
    const html = (await getPage(client, urlFor('notes.index'), user)).text()
    assert.include(html, 'Revision plan')
  })
})

test.group('First contact / onboarding lists the chosen institution courses (issue 14 B6)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /api/institutions/:slug/courses: public courses only; unknown slug → 404', async ({ client, assert }) => {
    const institution = await createInstitution({ name: 'Northfield University' })
    const elsewhere = await createInstitution()
    await createCourse({ institutionId: institution.id, title: 'Organic Chemistry' })
    await createCourse({ institutionId: institution.id, title: 'Hidden', visibility: 'private' })
    await createCourse({ institutionId: elsewhere.id, title: 'Elsewhere' })
    const response = await client.get(urlFor('api.institutions.courses', { slug: institution.slug }))
    response.assertStatus(200)
    assert.deepEqual(
      response.body().data.map((c: any) => c.title),
      ['Organic Chemistry']
    )
    assert.equal(response.body().meta.total, 1)
    const missing = await client.get(urlFor('api.institutions.courses', { slug: 'no-such-place' }))
    assertErrorBody(assert, missing, 404, 'NOT_FOUND')
  })
})

test.group('First contact / static assets and compression (issue 14 C11)', (group) => {
  const dir = app.makePath('public/assets')
  const hashed = 'first-contact-Ab12Cd34Ef.js'
  group.setup(async () => {
    await mkdir(dir, { recursive: true })
    await writeFile(`${dir}/${hashed}`, `export const text = ${JSON.stringify('x'.repeat(5000))}\n`)
    await writeFile(`${dir}/plain.js`, 'export {}\n')
    return async () => {
      await rm(`${dir}/${hashed}`, { force: true })
      await rm(`${dir}/plain.js`, { force: true })
    }
  })

  test('a hashed asset is immutable for a year and gzip-compressed when accepted', async ({ client, assert }) => {
    const response = await client.get(`/assets/${hashed}`).header('accept-encoding', 'gzip')
    response.assertStatus(200)
    assert.equal(response.header('cache-control'), 'public, max-age=31536000, immutable')
    assert.equal(response.header('content-encoding'), 'gzip')
    const plain = await client.get('/assets/plain.js')
    assert.notInclude(String(plain.header('cache-control')), 'immutable')
  })

  test('pages and JSON are compressed with brotli or gzip when accepted, and not otherwise', async ({ assert }) => {
    const url = testServerUrl()
    const br = await fetch(`${url}/pricing`, { headers: { 'accept-encoding': 'br', 'accept': 'text/html' } })
    assert.equal(br.headers.get('content-encoding'), 'br')
    const { request } = await import('node:http')
    const rawGzip = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      request(`${url}/api/institutions?limit=100`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
      })
        .on('error', reject)
        .end()
    })
    if (rawGzip.encoding === 'gzip') assert.property(JSON.parse(gunzipSync(rawGzip.body).toString()), 'data')
    const identity = await new Promise<string | undefined>((resolve, reject) => {
      request(`${url}/pricing`, { headers: { accept: 'text/html' } }, (res) => {
        res.resume()
        resolve(res.headers['content-encoding'])
      })
        .on('error', reject)
        .end()
    })
    assert.isUndefined(identity)
  })

  test('the sitemap and llms.txt Cache-Control of SPEC B is unchanged', async ({ client }) => {
    const response = await client.get(urlFor('site.llms_txt')).header('accept-encoding', 'gzip')
    response.assertHeader('cache-control', 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400')
  })
})
