import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { api, assertErrorBody } from '#tests/support/http'
import { createNote, noteCount } from '#tests/support/notes'
import { createUser } from '#tests/support/users'
import Course from '#models/course'
import StructuredNote from '#models/structured_note'

/*
| Text nobody on the project typed: titles of characters that draw nothing (bidi controls,
| fillers, selectors), a datetime offset no clock has, and the same accented word in its two
| Unicode forms (NFC "é", NFD "e" + U+0301).
*/
test.group('Hostile input / invisible titles, impossible offsets, Unicode forms', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const [label, title] of [
    ['bidi controls', '\u202E\u202A\u202C\u2066\u2069\u061C'],
    ['Hangul fillers and a braille blank', '\u3164\uFFA0\u115F\u1160\u2800'],
    ['a variation selector and a tag character', '\uFE0F\u{E0001}\u{E0041}'],
    ['control characters', '\u0085\u0007\u001B'],
  ] as const) {
    test(`a note title made only of ${label} is empty: 400 and no row`, async ({ client, assert }) => {
      const user = await createUser()
      const response = await api(client, user).post(urlFor('api.notes.store'), { title, body: 'x' })
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
      assert.equal(response.body().errors?.[0]?.field, 'title')
      assert.equal(await noteCount(user.id), 0)
    })
  }

  test('a title with a visible word among those characters is kept', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: '\u2066Exam\u2069 \uFE0F' })
    assert.include(note.title, 'Exam')
  })

  test('a datetime offset beyond ±23:59 is 400 and writes nothing', async ({ client, assert }) => {
    const user = await createUser()
    for (const deadline of ['2030-05-01T10:00+99:99', '2030-05-01T10:00:00+24:00', '2030-05-01T10:00:00-12:60']) {
      const response = await api(client, user).post(urlFor('api.notes.store'), { title: 'x', deadline_at: deadline })
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
      assert.equal(response.body().errors?.[0]?.field, 'deadline_at', deadline)
    }
    assert.equal(await noteCount(user.id), 0)
    const note = await createNote(client, user, { title: 'x', reminder_at: '2030-05-01T10:00:00+14:00' })
    assert.equal(note.reminder_at, '2030-04-30T20:00:00.000Z')
    const patch = await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), {
      deadline_at: '2030-05-01T10:00:00+2500',
    })
    assertErrorBody(assert, patch, 400, 'BAD_REQUEST')
  })

  test('notes `q` finds an accented word whichever Unicode form the note or the query uses', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const composed = await createNote(client, user, { title: 'Caf\u00E9 notes' })
    const decomposed = await createNote(client, user, { title: 'Second', body: 'Re\u0301sume\u0301 draft' })
    const search = async (q: string) => {
      const response = await client.get(urlFor('api.notes.index', {}, { qs: { q } })).loginAs(user)
      response.assertStatus(200)
      return response.body().data.map((n: any) => n.id)
    }
    assert.deepEqual(await search('cafe\u0301'), [composed.id])
    assert.deepEqual(await search('CAF\u00C9'), [composed.id])
    assert.deepEqual(await search('r\u00E9sum\u00E9'), [decomposed.id])
    assert.deepEqual(await search('re\u0301sume\u0301'), [decomposed.id])
  })

  test('a course titled in NFD is stored NFC, and the catalog search finds it by "é"', async ({ client, assert }) => {
    const user = await createUser()
    const response = await api(client, user).post(urlFor('api.my.courses.store'), {
      title: 'Cre\u0300me bru\u0302le\u0301e kitchen',
      description: 'Pa\u0302tisserie basics',
    })
    response.assertStatus(201)
    assert.equal(response.body().title, 'Cr\u00E8me br\u00FBl\u00E9e kitchen')
    const course = await Course.findOrFail(Number(response.body().id))
    assert.equal(course.description, 'P\u00E2tisserie basics')
    course.visibility = 'public'
    await course.save()
    const found = await client.get(urlFor('api.courses.index', {}, { qs: { q: 'cr\u00E8me' } }))
    found.assertStatus(200)
    assert.deepEqual(
      found.body().data.map((c: any) => c.id),
      [String(course.id)]
    )
  })

  test('a canvas import names a card of invisible text "Imported card" and never cuts a character in two', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const card = (id: string, text: string) => ({ id, type: 'text', x: 0, y: 0, width: 200, height: 120, text })
    const response = await api(client, user).post(urlFor('api.notes.canvas.import'), {
      nodes: [card('a', '\u200B'), card('b', '# \u202E\u2066\nbody'), card('c', `${'x'.repeat(199)}\u{1F600}`)],
      edges: [],
    })
    response.assertStatus(200)
    const titles = (await StructuredNote.query().where('user_id', user.id).orderBy('id')).map((n) => n.title)
    assert.deepEqual(titles.slice(0, 2), ['Imported card', 'Imported card'])
    assert.isTrue(titles[2].isWellFormed())
    assert.equal(titles[2], 'x'.repeat(199))
  })
})
