import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { createDocument } from '#tests/support/catalog'
import { createUser } from '#tests/support/users'
import { aiGroup, aiUser, exportSet } from '#tests/support/ai'
import { flashcardSet } from '#tests/support/study'
import { pageProps } from '#tests/support/page_object'
import AiFlashcard from '#models/ai_flashcard'

const CHUNKS = [
  'Alpha opens the document. It sets the scene in two sentences.',
  '  Beta is the second passage, about mitochondria and energy.  ',
  'Gamma closes it: the secret ending sentence stays behind the paywall.',
]

const passageUrl = (slug: string, passage: unknown) => urlFor('pages.documents.show', { slug }, { qs: { passage } })

/*
| Issue 27 item 3 and docs/rules/study.md#review: `/documents/:slug?passage=N` opens at the passage, marked
| (id="passage-N"), and keeps the access rule of docs/rules/study.md#review: a preview-only reader is never sent
| a passage outside the preview.
*/
test.group('Back to the source: passage links on the document page (issue 27)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a readable document marks the passage: its text range is exactly the chunk', async ({ client, assert }) => {
    const reader = await createUser()
    const doc = await createDocument({ title: 'Free notes', accessLevel: 'free', visibility: 'public' }, CHUNKS)
    const response = await client.get(passageUrl(doc.slug, 1)).loginAs(reader)
    response.assertStatus(200)
    const props = pageProps(response.text())
    assert.equal(props.passage.state, 'shown')
    assert.equal(props.text.slice(props.passage.start, props.passage.end), CHUNKS[1].trim())
    assert.include(response.text(), 'id="passage-1"')

    const last = pageProps((await client.get(passageUrl(doc.slug, 2))).text())
    assert.equal(last.text.slice(last.passage.start, last.passage.end), CHUNKS[2])

    const missing = pageProps((await client.get(passageUrl(doc.slug, 7))).text())
    assert.deepEqual(missing.passage, { chunk_index: 7, state: 'missing' })
    for (const bad of ['abc', '-1', '1.5', '9999999999']) {
      const page = await client.get(passageUrl(doc.slug, bad))
      page.assertStatus(200)
      assert.isNull(pageProps(page.text()).passage, bad)
    }
    assert.isNull(pageProps((await client.get(urlFor('pages.documents.show', { slug: doc.slug }))).text()).passage)
  })

  test('preview-only reader: passage 0 marks the preview, a later one is not revealed', async ({ client, assert }) => {
    const reader = await createUser()
    const doc = await createDocument({ title: 'Premium notes', accessLevel: 'premium', visibility: 'public' }, CHUNKS)
    for (const who of [reader, null]) {
      const request = client.get(passageUrl(doc.slug, 2))
      const response = who ? await request.loginAs(who) : await request
      response.assertStatus(200)
      const props = pageProps(response.text())
      assert.deepEqual(props.passage, { chunk_index: 2, state: 'hidden' })
      assert.isNull(props.text)
      assert.notInclude(response.text(), 'secret ending')
      assert.notInclude(response.text(), 'mitochondria')
      assert.notInclude(response.text(), 'id="passage-2"')
    }
    const first = await client.get(passageUrl(doc.slug, 0)).loginAs(reader)
    assert.deepEqual(pageProps(first.text()).passage, { chunk_index: 0, state: 'preview' })
    assert.include(first.text(), 'id="passage-0"')
    assert.notInclude(first.text(), 'mitochondria')

    const locked = await createDocument({ title: 'Locked notes', accessLevel: 'locked', visibility: 'public' }, CHUNKS)
    const response = await client.get(passageUrl(locked.slug, 0)).loginAs(reader)
    assert.deepEqual(pageProps(response.text()).passage, { chunk_index: 0, state: 'hidden' })
    assert.notInclude(response.text(), 'Alpha opens')
  })

  // The passage is marked; the page lists what the owner made from the document.
  test('an owner reads a locked document in full and sees what they made from it', async ({ client, assert }) => {
    const owner = await aiUser()
    const doc = await createDocument(
      { ownerId: owner.id, title: 'My locked notes', accessLevel: 'locked', visibility: 'private' },
      CHUNKS
    )
    const set = await flashcardSet(owner.id, 'Greek letters', [doc.id])
    const props = pageProps((await client.get(passageUrl(doc.slug, 2)).loginAs(owner)).text())
    assert.equal(props.passage.state, 'shown')
    assert.deepEqual(
      props.generated.map((g: any) => [g.kind, g.id, g.title]),
      [['flashcards', String(set.id), 'Greek letters']]
    )
    const stranger = await createUser()
    assert.deepEqual(
      pageProps((await client.get(urlFor('pages.documents.show', { slug: doc.slug })).loginAs(owner)).text()).generated
        .length,
      1
    )
    // A public copy of the page for someone else lists only their own results (none here).
    await doc.merge({ accessLevel: 'free', visibility: 'public' }).save()
    assert.deepEqual(
      pageProps((await client.get(urlFor('pages.documents.show', { slug: doc.slug })).loginAs(stranger)).text())
        .generated,
      []
    )
    assert.isNull(pageProps((await client.get(urlFor('pages.documents.show', { slug: doc.slug }))).text()).generated)
  })
})

/* Issue 27 item 6: exports keep the set's order and each card's line breaks; CSV stays safe. */
test.group('Flashcard export keeps order and formatting (issue 27)', (group) => {
  aiGroup(group)

  test('Anki keeps card order and line breaks; CSV keeps breaks, neutralises formulas', async ({ client, assert }) => {
    const user = await aiUser()
    const set = await flashcardSet(user.id, 'Ordered')
    // Stored out of order: position decides, not the row id.
    for (const card of [
      { position: 2, front: 'Third', back: 'C' },
      { position: 0, front: '=HYPERLINK("x")', back: 'Line one\nLine two' },
      { position: 1, front: 'Tab\there & <b>', back: 'Say "hi"\r\nbye' },
    ])
      await AiFlashcard.create({ setId: set.id, citation: null, ...card })

    const anki = await exportSet(client, user, set.id, 'anki')
    anki.assertStatus(200)
    const lines = anki.text().split('\n')
    assert.deepEqual(lines.slice(0, 3), ['#separator:tab', '#html:true', '#columns:Front\tBack'])
    assert.deepEqual(lines.slice(3), [
      '=HYPERLINK(&quot;x&quot;)\tLine one<br>Line two',
      'Tab&#9;here &amp; &lt;b&gt;\tSay &quot;hi&quot;<br>bye',
      'Third\tC',
      '',
    ])

    const csv = await exportSet(client, user, set.id, 'csv')
    assert.equal(
      csv.text(),
      'front,back\r\n"\'=HYPERLINK(""x"")","Line one\nLine two"\r\n"Tab\there & <b>","Say ""hi""\r\nbye"\r\n"Third","C"\r\n'
    )
  })
})
