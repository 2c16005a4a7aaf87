import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { appUrl } from '#config/app'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { breadcrumbNames, canonical, headTitle, jsonLd, metaContent } from '#tests/support/catalog_html'
import { urlFor } from '@adonisjs/core/services/url_builder'

const html = (response: any): string => response.text()

test.group('Catalog pages / list metadata (SPEC B "Page metadata rules")', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a list page is server rendered: canonical, indexable robots, BreadcrumbList', async ({ client, assert }) => {
    await createDocument({ title: 'Thermodynamics crash course' })
    const response = await client.get(urlFor('pages.documents.index')).header('accept', 'text/html')
    response.assertStatus(200)
    const page = html(response)
    assert.include(page, 'Thermodynamics crash course', 'SSR carries the real content')
    assert.equal(canonical(page), `${appUrl}/documents`)
    assert.notInclude(metaContent(page, 'robots') || '', 'noindex')
    assert.deepEqual(breadcrumbNames(page), ['Home', 'Documents'])
  })

  test('canonical strips q and sort; search results carry robots "noindex, follow"', async ({ client, assert }) => {
    await createInstitution({ name: 'Searchable University' })
    const response = await client.get(urlFor('pages.institutions.index', {}, { qs: { q: 'search', sort: '-name' } }))
    response.assertStatus(200)
    const page = html(response)
    assert.equal(canonical(page), `${appUrl}/institutions`)
    assert.equal(metaContent(page, 'robots'), 'noindex, follow')
    assert.include(page, 'Searchable University')

    const sortedOnly = html(await client.get(urlFor('pages.institutions.index', {}, { qs: { sort: '-name' } })))
    assert.equal(canonical(sortedOnly), `${appUrl}/institutions`)
    assert.notInclude(metaContent(sortedOnly, 'robots') || '', 'noindex')
  })

  test('page N > 1 self-canonicalises with ?page=N and its title gains "page N of M"', async ({ client, assert }) => {
    for (let i = 0; i < 45; i++) await createCourse({ title: `Course ${String(i).padStart(2, '0')}` })
    const response = await client.get(
      urlFor('pages.courses.index', {}, { qs: { page: '2', sort: 'title', q: 'course' } })
    )
    response.assertStatus(200)
    const page = html(response)
    assert.equal(canonical(page), `${appUrl}/courses?page=2`)
    assert.include(headTitle(page) || '', 'page 2 of 3')
    assert.include(page, 'Course 20')
    const first = html(await client.get(urlFor('pages.courses.index')))
    assert.notInclude(headTitle(first) || '', 'page 1 of')
    assert.equal(canonical(first), `${appUrl}/courses`)
  })

  test('a page past the last answers the 404 page', async ({ client, assert }) => {
    await createCourse()
    const response = await client.get(urlFor('pages.courses.index', {}, { qs: { page: '5' } }))
    response.assertStatus(404)
    assert.equal(metaContent(html(response), 'robots'), 'noindex, nofollow')
    ;(await client.get(urlFor('pages.documents.index', {}, { qs: { page: 'abc' } }))).assertStatus(404)
  })

  test('/institutions/:slug/courses is paginated with CollectionPage and full trail', async ({ client, assert }) => {
    const institution = await createInstitution({ name: 'Gamma Institute' })
    for (let i = 0; i < 25; i++)
      await createCourse({ institutionId: institution.id, title: `Gamma course ${String(i).padStart(2, '0')}` })
    await createCourse({ title: 'Elsewhere course' })
    const response = await client.get(
      urlFor('pages.institutions.courses', { slug: institution.slug }, { qs: { page: '2' } })
    )
    response.assertStatus(200)
    const page = html(response)
    assert.equal(canonical(page), `${appUrl}/institutions/${institution.slug}/courses?page=2`)
    assert.include(headTitle(page) || '', 'page 2 of 2')
    const types = jsonLd(page).map((d) => d['@type'])
    assert.includeMembers(types, ['BreadcrumbList', 'CollectionPage'])
    assert.deepEqual(breadcrumbNames(page), ['Home', 'Institutions', 'Gamma Institute', 'Courses'])
    // default order is newest first: page 2 holds the oldest courses
    assert.include(page, 'Gamma course 00')
    assert.notInclude(page, 'Gamma course 24')
    assert.notInclude(page, 'Elsewhere course')
  })
})

test.group('Catalog pages / detail metadata (SPEC B "Page metadata rules")', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('institution: description, else counts and location; full trail', async ({ client, assert }) => {
    const described = await createInstitution({
      name: 'Delta University',
      description: 'A research university by the sea.',
    })
    const page = html(await client.get(urlFor('pages.institutions.show', { slug: described.slug })))
    assert.equal(metaContent(page, 'description'), 'A research university by the sea.')
    assert.equal(canonical(page), `${appUrl}/institutions/${described.slug}`)
    assert.deepEqual(breadcrumbNames(page), ['Home', 'Institutions', 'Delta University'])

    const bare = await createInstitution({
      name: 'Epsilon College',
      description: null,
      city: 'Porto',
      country: 'Portugal',
    })
    await createCourse({ institutionId: bare.id })
    const fallback =
      metaContent(html(await client.get(urlFor('pages.institutions.show', { slug: bare.slug }))), 'description') || ''
    assert.include(fallback, '1 course')
    assert.include(fallback, 'Porto')
    assert.include(fallback, 'Portugal')
  })

  test('course: description, else document count and institution name; full trail', async ({ client, assert }) => {
    const institution = await createInstitution({ name: 'Zeta University' })
    const course = await createCourse({ institutionId: institution.id, title: 'Genetics', description: null })
    await createDocument({ courseId: course.id, title: 'Mendel summary' })
    await createDocument({ courseId: course.id })
    const response = await client.get(urlFor('pages.courses.show', { slug: course.slug }))
    response.assertStatus(200)
    const page = html(response)
    const description = metaContent(page, 'description') || ''
    assert.include(description, '2 study documents')
    assert.include(description, 'Zeta University')
    assert.deepEqual(breadcrumbNames(page), ['Home', 'Institutions', 'Zeta University', 'Genetics'])
    assert.include(page, 'Mendel summary')
  })

  test('document: description, seo_content, topic tags; full trail; text in the HTML', async ({ client, assert }) => {
    const institution = await createInstitution({ name: 'Eta University' })
    const course = await createCourse({ institutionId: institution.id, title: 'Microeconomics' })
    const withSeo = await createDocument(
      { courseId: course.id, title: 'Elasticity', description: null, seoContent: 'Price elasticity explained.' },
      ['Elasticity measures responsiveness.']
    )
    const page = html(await client.get(urlFor('pages.documents.show', { slug: withSeo.slug })))
    assert.equal(metaContent(page, 'description'), 'Price elasticity explained.')
    assert.deepEqual(breadcrumbNames(page), ['Home', 'Institutions', 'Eta University', 'Microeconomics', 'Elasticity'])
    assert.include(page, 'Elasticity measures responsiveness.')

    const tagged = await createDocument({ description: null, seoContent: null, topicTags: ['supply', 'demand'] })
    const tagsPage = html(await client.get(urlFor('pages.documents.show', { slug: tagged.slug })))
    assert.include(metaContent(tagsPage, 'description') || '', 'supply, demand')
    assert.deepEqual(breadcrumbNames(tagsPage), ['Home', 'Documents', tagged.title])

    const described = await createDocument({ description: 'Own description.', seoContent: 'SEO text' })
    assert.equal(
      metaContent(html(await client.get(urlFor('pages.documents.show', { slug: described.slug }))), 'description'),
      'Own description.'
    )
  })

  test('a paid document page shows a preview and calls to action, not the full text', async ({ client, assert }) => {
    const document = await createDocument({ accessLevel: 'paid' }, [
      'Opening sentence one. Opening sentence two.',
      'Hidden second chunk.',
    ])
    const page = html(await client.get(urlFor('pages.documents.show', { slug: document.slug })))
    assert.include(page, 'Opening sentence one.')
    assert.notInclude(page, 'Hidden second chunk.')
    assert.include(page, 'Sign in')
    assert.include(page, '/pricing')
  })

  test('missing entities answer 404 with robots "noindex, nofollow"', async ({ client, assert }) => {
    for (const path of ['/institutions/nope', '/institutions/nope/courses', '/courses/nope', '/documents/nope']) {
      const response = await client.get(path).header('accept', 'text/html')
      response.assertStatus(404)
      assert.equal(metaContent(html(response), 'robots'), 'noindex, nofollow', path)
    }
  })

  test('a private document page is 404 for others and visible to its owner', async ({ client, assert }) => {
    const owner = await createUser()
    const document = await createDocument({ ownerId: owner.id, visibility: 'private', title: 'Private draft' }, [
      'Draft text.',
    ])
    ;(await client.get(urlFor('pages.documents.show', { slug: document.slug }))).assertStatus(404)
    const mine = await client.get(urlFor('pages.documents.show', { slug: document.slug })).loginAs(owner)
    mine.assertStatus(200)
    assert.include(html(mine), 'Draft text.')
  })
})

test.group('Catalog pages / home (SPEC B root)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('home carries Organization and WebSite with a search action to /documents?q=', async ({ client, assert }) => {
    await createDocument({ title: 'Featured thermodynamics notes' })
    const page = html(await client.get(urlFor('pages.home')))
    const data = jsonLd(page)
    const website = data.find((d) => d['@type'] === 'WebSite')
    assert.ok(data.find((d) => d['@type'] === 'Organization'))
    assert.include(JSON.stringify(website.potentialAction), `${appUrl}/documents?q={search_term_string}`)
    assert.include(page, 'Featured thermodynamics notes')
    assert.equal(canonical(page), `${appUrl}/`)
    assert.include(metaContent(page, 'robots') || '', 'max-image-preview:large')
    assert.include(metaContent(page, 'robots') || '', 'max-snippet:-1')
    assert.match(page, /action="\/documents"/)
  })
})

test.group("Catalog pages / an owner's private course (CONTRACT 13)", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the owner sees the private documents of their course; nobody else does', async ({ client, assert }) => {
    const owner = await createUser()
    const other = await createUser()
    const course = await createCourse({ ownerId: owner.id, visibility: 'private', title: 'My private course' })
    await createDocument({
      ownerId: owner.id,
      courseId: course.id,
      visibility: 'private',
      title: 'Private lecture notes',
    })
    await createDocument({ courseId: course.id, title: 'Public companion sheet' })

    const mine = html(await client.get(urlFor('pages.courses.show', { slug: course.slug })).loginAs(owner))
    assert.include(mine, 'Private lecture notes')
    assert.include(mine, 'Public companion sheet')

    ;(await client.get(urlFor('pages.courses.show', { slug: course.slug })).loginAs(other)).assertStatus(404)
    const publicCourse = await createCourse({ title: 'Open course' })
    await createDocument({ ownerId: owner.id, courseId: publicCourse.id, visibility: 'private', title: 'Owner draft' })
    const seenByOther = html(await client.get(urlFor('pages.courses.show', { slug: publicCourse.slug })).loginAs(other))
    assert.notInclude(seenByOther, 'Owner draft')
    assert.include(
      html(await client.get(urlFor('pages.courses.show', { slug: publicCourse.slug })).loginAs(owner)),
      'Owner draft'
    )
  })
})
