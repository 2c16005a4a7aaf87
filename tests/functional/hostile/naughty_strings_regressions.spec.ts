import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { api } from '#tests/support/http'
import { createNote, noteReferencingDocument } from '#tests/support/notes'
import { createUser } from '#tests/support/users'
import { NAUGHTY } from '#tests/support/blns'
import { aiUser, BIOLOGY_TEXT } from '#tests/support/ai'
import { hasVisibleCharacter } from '#services/infra/visible_text'

/*
| Defects the Big List of Naughty Strings found, each kept with the string that showed it
| (docs/decisions/hardening.md "Big List of Naughty Strings").
*/
test.group('Hostile input / naughty strings regressions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a note body and a reference context keep their surrounding white space (BLNS #175, U+2029 around a word)', async ({
    client,
    assert,
  }) => {
    assert.equal(NAUGHTY[175], '\u2029test\u2029')
    const user = await createUser()
    const body = `${NAUGHTY[175]}\n\n    indented code stays a code block\n`
    const note = await createNote(client, user, { title: 'Markdown', body })
    assert.equal(note.body, body)
    const { note: referencing, refId } = await noteReferencingDocument(client, user)
    const context = await api(client, user).patch(
      urlFor('api.notes.references.update', { id: referencing.id, referenceId: refId }),
      { context: NAUGHTY[175] }
    )
    context.assertStatus(200)
    assert.equal(context.body().context, NAUGHTY[175])
  })

  test('a password keeps its documented trimming: signed up with spaces around it, signed in either way', async ({
    client,
  }) => {
    const user = await createUser({ password: 'correct-horse-1' })
    for (const password of ['correct-horse-1', '  correct-horse-1 ']) {
      const login = await api(client).post(urlFor('api.auth.login'), { email: user.email, password })
      login.assertStatus(200)
    }
  })

  test('a file named only with invisible format characters is titled "Untitled document" (BLNS #96)', async ({
    client,
    assert,
  }) => {
    assert.isFalse(hasVisibleCharacter(NAUGHTY[96]))
    const user = await aiUser()
    const response = await client
      .post(urlFor('api.documents.upload'))
      .file('file', Buffer.from(BIOLOGY_TEXT), { filename: `${NAUGHTY[96]}.txt` })
      .loginAs(user)
      .withCsrfToken()
    response.assertStatus(201)
    assert.equal(response.body().document.title, 'Untitled document')
  })
})
