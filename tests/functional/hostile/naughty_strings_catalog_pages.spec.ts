import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { getPage } from '#tests/support/page_object'
import { Findings, acceptableTitle, inBatches, label, naughtyEntries, titleForm } from '#tests/support/blns'

/*
| Catalog records whose title and description are strings of the Big List of Naughty Strings
| (in the form the validators store: a title trimmed, one line, NFC): the JSON read gives them
| back exactly, and the document and course pages render them (200, a parsable page object
| carrying the value, nothing raw in the HTML), never a 5xx.
*/
test.group('Hostile input / naughty strings shown by the catalog pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(300_000)

  test('each string as a public document title and description: read back exactly, rendered escaped', async ({
    client,
    assert,
  }) => {
    const found = new Findings()
    const institution = await createInstitution({ name: 'Naughty institution' })
    const course = await createCourse({ institutionId: institution.id, title: 'Naughty course' })
    const entries = naughtyEntries().filter(([, s]) => acceptableTitle(s))
    const documents: [number, string, string][] = []
    for (const [i, s] of entries) {
      const doc = await createDocument(
        { slug: `naughty-${i}`, title: titleForm(s), description: s, courseId: course.id },
        [`Passage about ${titleForm(s)}.`]
      )
      documents.push([i, s, doc.slug])
    }
    await inBatches(documents, 6, async ([i, s, slug]) => {
      const what = label(i, s)
      const read = await client.get(`/api/documents/${slug}`)
      if (found.equal(read.status(), 200, `${what} /api/documents/:slug`)) {
        found.equal(read.body().title, titleForm(s), `${what} title read back`)
        found.equal(read.body().description, s, `${what} description read back`)
      }
      found.pageShows(await getPage(client, `/documents/${slug}`), titleForm(s), `${what} on /documents/:slug`)
    })
    found.pageShows(await getPage(client, `/courses/${course.slug}`), 'Naughty course', 'the course page')
    found.assertNone(assert)
  })

  test('each string as a public course title and an institution name: the pages render them escaped', async ({
    client,
    assert,
  }) => {
    const found = new Findings()
    const entries = naughtyEntries().filter(([, s]) => acceptableTitle(s))
    await inBatches(entries, 6, async ([i, s]) => {
      const what = label(i, s)
      const institution = await createInstitution({ slug: `naughty-inst-${i}`, name: titleForm(s), description: s })
      const course = await createCourse({
        slug: `naughty-course-${i}`,
        title: titleForm(s),
        description: s,
        institutionId: institution.id,
      })
      found.pageShows(await getPage(client, `/courses/${course.slug}`), titleForm(s), `${what} on /courses/:slug`)
      found.pageShows(
        await getPage(client, `/institutions/${institution.slug}`),
        titleForm(s),
        `${what} on /institutions/:slug`
      )
    })
    found.assertNone(assert)
  })
})
