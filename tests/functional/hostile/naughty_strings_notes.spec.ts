import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { api } from '#tests/support/http'
import { createNote, noteCount } from '#tests/support/notes'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import { getPage } from '#tests/support/page_object'
import { Findings, acceptableTitle, inBatches, label, naughtyEntries, titleForm } from '#tests/support/blns'

/*
| Every string of the Big List of Naughty Strings as a note's title, body, search `q`, reference
| context and address: a title is stored in its documented form (trimmed, one line, NFC) or
| refused with the contract's 400 when nothing visible is left; a body and a context come back
| exactly; the note page renders it escaped; nothing answers 5xx.
*/
test.group('Hostile input / naughty strings in notes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(300_000)

  test('each string as title and body: stored as sent (title normalised) or a 400 that writes nothing', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const found = new Findings()
    const accepted: [number, string, string][] = []
    for (const [i, s] of naughtyEntries()) {
      const what = label(i, s)
      const before = await noteCount(user.id)
      const response = await api(client, user).post(urlFor('api.notes.store'), { title: s, body: s })
      if (!found.answered(response, what)) continue
      if (!acceptableTitle(s)) {
        found.contractError(response, what)
        found.equal(response.body().errors?.[0]?.field, 'title', what)
        found.equal(await noteCount(user.id), before, `${what}: rows after a refusal`)
        continue
      }
      if (!found.equal(response.status(), 201, what)) continue
      found.equal(response.body().title, titleForm(s), `${what} title`)
      found.equal(response.body().body, s, `${what} body`)
      accepted.push([i, s, response.body().id])
    }
    await inBatches(accepted, 8, async ([i, s, id]) => {
      const what = label(i, s)
      const read = await client.get(urlFor('api.notes.show', { id })).loginAs(user)
      found.equal(read.status(), 200, what)
      found.equal(read.body().title, titleForm(s), `${what} title read back`)
      found.equal(read.body().body, s, `${what} body read back`)
      found.pageShows(await getPage(client, urlFor('notes.show', { id }), user), s, `${what} on /notes/:id`)
    })
    found.assertNone(assert)
  })

  test('each string as a new title (PATCH), a reference context, a canvas group label and `q`: never 5xx, read back exactly', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const found = new Findings()
    const doc = await createDocument()
    const note = await createNote(client, user, { title: 'Kept title', body: 'kept' })
    const reference = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
      target_type: 'document',
      target_id: String(doc.id),
    })
    reference.assertStatus(201)
    const refId = reference.body().id
    let title = 'Kept title'
    for (const [i, s] of naughtyEntries()) {
      const what = label(i, s)
      const patch = await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), { title: s })
      if (found.answered(patch, `${what} PATCH title`)) {
        if (acceptableTitle(s) && found.equal(patch.status(), 200, `${what} PATCH title`)) title = titleForm(s)
        if (!acceptableTitle(s)) found.contractError(patch, `${what} PATCH title`)
      }
      const context = await api(client, user).patch(
        urlFor('api.notes.references.update', { id: note.id, referenceId: refId }),
        { context: s }
      )
      if (found.answered(context, `${what} context`) && found.equal(context.status(), 200, `${what} context`)) {
        found.equal(context.body().context, s, `${what} context`)
      }
      const canvas = await api(client, user).patch(urlFor('api.notes.canvas', { id: note.id }), {
        x: 0,
        y: 0,
        width: 200,
        height: 120,
        group_label: s,
      })
      if (found.answered(canvas, `${what} group label`) && s.trim().length <= 60) {
        found.equal(canvas.status(), 200, `${what} group label`)
        if (s.trim()) found.equal(canvas.body().canvas?.group_label, s.trim(), `${what} group label`)
      }
      const read = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
      found.equal(read.body().title, title, `${what} title after PATCH`)
      const search = await client.get(urlFor('api.notes.index', {}, { qs: { q: s } })).loginAs(user)
      if (found.answered(search, `${what} as q`) && s.length <= 200) found.equal(search.status(), 200, `${what} as q`)
    }
    found.pageShows(await getPage(client, urlFor('notes.index'), user), title, 'the notes list')
    found.assertNone(assert)
  })

  test('each string as a note address: the contract 4xx from the API, a 404 page, never 5xx', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const found = new Findings()
    const addresses = naughtyEntries().filter(([, s]) => s !== '')
    await inBatches(addresses, 8, async ([i, s]) => {
      const what = label(i, s)
      const encoded = encodeURIComponent(s)
      const apiRead = await client.get(`/api/notes/${encoded}`).loginAs(user)
      if (found.answered(apiRead, `${what} in /api/notes/:id`)) found.check(apiRead.status() >= 400, `${what}: 2xx`)
      const page = await getPage(client, `/notes/${encoded}`, user)
      found.check(page.status() >= 400 && page.status() < 500, `${what} in /notes/:id: ${page.status()}`)
    })
    found.assertNone(assert)
  })
})
