import { test } from '@japa/runner'
import { uploadDocument } from '#tests/support/uploads'
import db from '@adonisjs/lucid/services/db'
import { createCourse } from '#tests/support/catalog'
import {
  aiGroup,
  aiUser,
  BIOLOGY_TEXT,
  buildDocx,
  buildPdf,
  countRows,
  HISTORY_TEXT,
  runTool,
  storedFiles,
} from '#tests/support/ai'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { embeddingQueue } from '#services/ai/embeddings/embedding_queue'
import { swapSettings } from '#tests/support/settings'
import { AiSettings } from '#services/ai/ai_settings'
import { splitSentences } from '#services/ai/nlp'

test.group('POST /api/documents/upload (CONTRACT 5, 12)', (group) => {
  aiGroup(group)

  // The document is ready, chunked and stored, owned by the caller, private by default; its
  // vectors are computed off the request path.
  test("txt → 201: chunked, stored, private, the caller's; vectors follow", async ({ client, assert, cleanup }) => {
    cleanup(swapSettings(AiSettings, { embeddingsEnabled: true }))
    const user = await aiUser()
    const filesBefore = (await storedFiles(user.id)).length
    const text = Array.from({ length: 3 }, () => BIOLOGY_TEXT).join('\n\n')
    const response = await uploadDocument(client, user, 'photosynthesis-notes.txt', text, {
      title: 'Photosynthesis notes',
    })
    response.assertStatus(201)
    const document = response.body().document
    assert.equal(document.title, 'Photosynthesis notes')
    assert.equal(document.ingest_status, 'ready')
    assert.equal(document.visibility, 'private')
    assert.equal(document.access_level, 'free')
    assert.isNull(document.course)
    assert.isAtLeast(document.page_count, 1)
    assert.isArray(document.topic_tags)
    assert.match(document.updated_at, /Z$/)
    const row = await db.from('documents').where('id', document.id).first()
    assert.equal(row.owner_id, user.id)
    const chunks = await db.from('document_chunks').where('document_id', document.id).orderBy('chunk_index')
    assert.isAbove(chunks.length, 1)
    chunks.forEach((c: any, i: number) => {
      assert.equal(c.chunk_index, i)
      assert.isAtMost(c.content.length, 1500)
    })
    assert.include(['pending', 'ready'], document.embedding_status)
    // Issue 25: each chunk gains a Float32 blob of 512-d vectors, [chunk, ...sentences].
    await embeddingQueue.idle()
    for (const c of await db.from('document_chunks').where('document_id', document.id)) {
      assert.equal(c.vectors_model, 'use-lite-512')
      assert.equal(Buffer.from(c.vectors).byteLength, (splitSentences(c.content).length + 1) * 512 * 4)
    }
    const listed = await client.get(urlFor('api.my.documents.index')).loginAs(user)
    const mine = listed.body().data.find((d: any) => d.id === document.id)
    assert.equal(mine.embedding_status, 'ready')
    assert.equal(mine.embedding_progress, 1)
    assert.lengthOf(await storedFiles(user.id), filesBefore + 1)

    // The uploaded document works with the tools straight away.
    ;(await runTool(client, user, 'summary', { documentId: document.id })).assertStatus(201)
  })

  test('md, pdf and docx fixtures are extracted', async ({ client, assert }) => {
    const user = await aiUser()
    const cases: [string, Buffer, string][] = [
      [
        'notes.md',
        Buffer.from(`# Photosynthesis\n\n${BIOLOGY_TEXT}\n\n- **Chlorophyll** absorbs light.`),
        'Chlorophyll is the green pigment',
      ],
      ['lecture.pdf', buildPdf([BIOLOGY_TEXT, HISTORY_TEXT, 'The end of the lecture notes.']), 'Roman Republic'],
      ['reading.docx', buildDocx(HISTORY_TEXT), 'Augustus became the first Roman emperor'],
    ]
    for (const [filename, buffer, expected] of cases) {
      const response = await uploadDocument(client, user, filename, buffer)
      response.assertStatus(201)
      const id = response.body().document.id
      const text = (await db.from('document_chunks').where('document_id', id).orderBy('chunk_index'))
        .map((c: any) => c.content)
        .join(' ')
      assert.include(text, expected, filename)
      if (filename.endsWith('.pdf')) assert.equal(response.body().document.page_count, 3)
      if (filename.endsWith('.md')) assert.notInclude(text, '**')
    }
  })

  // Issue 25 item 3: the summary and the study guide never run a heading into a sentence.
  test('layout headings are stored as headings, never run into a generated sentence', async ({ client, assert }) => {
    const user = await aiUser()
    const p = BIOLOGY_TEXT.split('\n\n')
    const txt = [
      'PHOTOSYNTHESIS',
      `1 Why photosynthesis matters\n${p[0]}\n\n${p[1]}`,
      `2.1 The light reactions\n${p[2]}`,
      `The Calvin cycle\n================\n${p[3]}`,
      'Respiration',
      p.slice(4).join('\n\n'),
    ].join('\n\n')
    const response = await uploadDocument(client, user, 'notes.txt', txt)
    response.assertStatus(201)
    const id = response.body().document.id
    const stored = (await db.from('document_chunks').where('document_id', id).orderBy('chunk_index'))
      .map((c: any) => c.content)
      .join('\n\n')
    assert.includeMembers(stored.split('\n'), [
      '# PHOTOSYNTHESIS',
      '## 1 Why photosynthesis matters',
      '### 2.1 The light reactions',
      '# The Calvin cycle',
      '## Respiration',
    ])
    const run = async (toolId: string) => {
      const r = await runTool(client, user, toolId, { documentId: id })
      r.assertStatus(201)
      return r.body()
    }
    const summary = await run('summary')
    const guide = await run('study-guide')
    const texts = [summary.summary, ...summary.key_points, ...guide.sections.map((s: any) => s.content)]
    assert.isNotEmpty(summary.summary)
    for (const text of texts)
      for (const sentence of splitSentences(text)) {
        assert.notMatch(sentence, /^\d|===|PHOTOSYNTHESIS|matters|reactions [A-Z]|cycle The Calvin/, sentence)
        assert.include(BIOLOGY_TEXT, sentence)
      }
  })

  test('unreadable, empty, wrong-type or oversized files → 400, nothing left behind', async ({ client, assert }) => {
    const user = await aiUser()
    const filesBefore = (await storedFiles(user.id)).length
    const bad: [string, Buffer][] = [
      ['broken.pdf', Buffer.from('%PDF-1.4\nthis is not really a pdf')],
      ['fake.pdf', Buffer.from('hello world, not a pdf')],
      ['fake.docx', Buffer.from('plain text pretending')],
      ['empty.txt', Buffer.from('   \n\n ')],
      ['zero.txt', Buffer.alloc(0)],
      ['binary.txt', Buffer.from([0, 159, 146, 150, 0, 1])],
      ['image.png', Buffer.from('\x89PNG\r\n')],
      ['huge.txt', Buffer.alloc(20 * 1024 * 1024 + 10, 'a')],
    ]
    for (const [filename, buffer] of bad) {
      const response = await uploadDocument(client, user, filename, buffer)
      response.assertStatus(400)
      assert.equal(response.body().code, 'BAD_REQUEST', filename)
    }
    const missing = await client.post(urlFor('api.documents.upload')).field('title', 'x').loginAs(user).withCsrfToken()
    missing.assertStatus(400)
    assert.equal(await countRows('documents', { owner_id: user.id }), 0)
    assert.lengthOf(await storedFiles(user.id), filesBefore)
  })

  test("course_id: the caller's (403 foreign, 400 missing); visibility public is kept", async ({ client, assert }) => {
    const user = await aiUser()
    const other = await aiUser()
    const mine = await createCourse({ ownerId: user.id, visibility: 'private' } as any)
    const theirs = await createCourse({ ownerId: other.id, visibility: 'private' } as any)
    const ok = await uploadDocument(client, user, 'a.txt', BIOLOGY_TEXT, {
      course_id: String(mine.id),
      visibility: 'public',
    })
    ok.assertStatus(201)
    assert.equal(ok.body().document.course.id, String(mine.id))
    assert.equal(ok.body().document.visibility, 'public')
    const foreign = await uploadDocument(client, user, 'a.txt', BIOLOGY_TEXT, { course_id: String(theirs.id) })
    foreign.assertStatus(403)
    const missing = await uploadDocument(client, user, 'a.txt', BIOLOGY_TEXT, { course_id: '99999999' })
    missing.assertStatus(400)
    const badVisibility = await uploadDocument(client, user, 'a.txt', BIOLOGY_TEXT, { visibility: 'everyone' })
    badVisibility.assertStatus(400)
    assert.equal(await countRows('documents', { owner_id: user.id }), 1)
  })

  test('free users keep at most 5 documents: the 6th → 403 with upgrade_url', async ({ client, assert }) => {
    const user = await aiUser({ plan: 'free' })
    for (let i = 0; i < 5; i++) {
      const response = await uploadDocument(client, user, `n${i}.txt`)
      response.assertStatus(201)
    }
    const sixth = await uploadDocument(client, user, 'n6.txt')
    sixth.assertStatus(403)
    assert.equal(sixth.body().upgrade_url, '/pricing')
    assert.equal(await countRows('documents', { owner_id: user.id }), 5)
    const pro = await aiUser({ plan: 'pro' })
    for (let i = 0; i < 6; i++) {
      ;(await uploadDocument(client, pro, `p${i}.txt`)).assertStatus(201)
    }
  })

  test('anonymous → 401; unverified → 403 EMAIL_NOT_VERIFIED; uploads flag off → 403', async ({ client, assert }) => {
    ;(await uploadDocument(client, null, 'a.txt')).assertStatus(401)
    const unverified = await aiUser({ verified: false })
    const response = await uploadDocument(client, unverified, 'a.txt')
    response.assertStatus(403)
    assert.equal(response.body().code, 'EMAIL_NOT_VERIFIED')
    const { setFlag } = await import('#tests/support/flags')
    const user = await aiUser()
    await setFlag('enable_uploads', false)
    const off = await uploadDocument(client, user, 'a.txt')
    off.assertStatus(403)
    await setFlag('enable_uploads', true)
  })
})
