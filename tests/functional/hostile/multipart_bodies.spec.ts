import { test } from '@japa/runner'
import { uploadDocument } from '#tests/support/uploads'
import { api } from '#tests/support/http'
import { stat } from 'node:fs/promises'
import { watch } from 'node:fs'
import { dirname, join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import env from '#start/env'
import bodyParserConfig from '#config/bodyparser'
import { fromProjectRoot } from '#start/project_root'
import { UPLOAD_TMP_DIR, uploadTmpFileName } from '#start/upload_tmp'
import { aiGroup, aiUser, BIOLOGY_TEXT, countRows } from '#tests/support/ai'
import { baseUrl } from '#tests/support/billing'
import { filesStartingWith, marker, multipartBody } from '#tests/support/hostile/temp_files'

const MB = 1024 * 1024
const storageRoot = () => fromProjectRoot(env.get('STORAGE_PATH') || 'storage')

test.group('Hostile I/O: multipart bodies are read only where they belong (issue 23.4)', (group) => {
  aiGroup(group)

  test('a 24 MB multipart body to webhook, login or notes leaves no file', async ({ assert, cleanup }) => {
    // Parts are deleted when a request ends, so looking afterwards cannot tell "never written":
    // watch the folder every part would be written to while the requests run.
    const written: string[] = []
    const watcher = watch(UPLOAD_TMP_DIR, (_event, name) => name && written.push(String(name)))
    cleanup(() => watcher.close())
    for (const path of ['/api/billing/payment/webhook', '/api/auth/login', '/api/notes']) {
      const mark = marker()
      const { body, contentType } = multipartBody(mark, 24 * MB)
      const response = await fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        body,
        headers: { 'content-type': contentType },
      })
      await response.arrayBuffer()
      assert.isBelow(response.status, 500, path)
      assert.deepEqual(await filesStartingWith(mark), [], `${path} left a copy of the body`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.deepEqual(written, [], 'no part was ever written for a route that takes no upload')
  })

  test('the upload route deletes its parts after success, refusal or overflow', async ({ client, assert }) => {
    const user = await aiUser()
    const unverified = await aiUser({ verified: false })
    const post = (mark: string, content: Buffer, filename: string, who = user) =>
      uploadDocument(client, who, filename, Buffer.concat([Buffer.from(`${mark}\n`), content]))

    const ok = marker()
    ;(await post(ok, Buffer.from(BIOLOGY_TEXT), 'notes.txt')).assertStatus(201)
    const copies = await filesStartingWith(ok)
    assert.lengthOf(copies, 1, 'only the stored object is left')
    assert.isTrue(copies[0].startsWith(storageRoot()), copies[0])

    const cases: [string, Buffer, string, number, typeof user][] = [
      [marker(), Buffer.from('not really a pdf'), 'fake.pdf', 400, user],
      [marker(), Buffer.from(BIOLOGY_TEXT), 'notes.txt', 403, unverified],
      [marker(), Buffer.alloc(26 * MB, 'a'), 'huge.txt', 413, user],
    ]
    for (const [mark, content, filename, status, who] of cases) {
      const response = await post(mark, content, filename, who)
      response.assertStatus(status)
      assert.deepEqual(await filesStartingWith(mark), [], `${filename} → ${status} left a copy`)
    }
  })

  test('parts go to a private 0700 folder under the app tmp, each file 0600', async ({ client, assert, cleanup }) => {
    assert.equal(UPLOAD_TMP_DIR, fromProjectRoot('tmp/uploads'))
    assert.equal((await stat(UPLOAD_TMP_DIR)).mode & 0o777, 0o700)
    assert.equal(dirname(uploadTmpFileName()), UPLOAD_TMP_DIR)
    assert.isFalse(bodyParserConfig.multipart.autoProcess, 'the body parser reads no multipart body itself')

    // Catch the part while the upload runs (it is deleted when the request ends).
    const modes: number[] = []
    const watcher = watch(UPLOAD_TMP_DIR, (_event, name) => {
      if (!name) return
      stat(join(UPLOAD_TMP_DIR, String(name))).then(
        (info) => modes.push(info.mode & 0o777),
        () => {}
      )
    })
    cleanup(() => watcher.close())
    const user = await aiUser()
    const big = Buffer.alloc(6 * MB, 'a')
    ;(await uploadDocument(client, user, 'big.png', big)).assertStatus(400)
    assert.isNotEmpty(modes, 'saw the part on disk')
    for (const mode of modes) assert.equal(mode, 0o600)
  })

  test('a hard delete leaves nothing of the upload: stored file, chunks, temp parts', async ({ client, assert }) => {
    const user = await aiUser()
    const mark = marker()
    const upload = await uploadDocument(client, user, 'private.txt', `${mark}\n${BIOLOGY_TEXT}`)
    upload.assertStatus(201)
    const id = upload.body().document.id
    assert.lengthOf(await filesStartingWith(mark), 1)
    assert.isAbove(await countRows('document_chunks', { document_id: id }), 0)

    ;(await api(client, user).delete(urlFor('api.my.documents.destroy', { id }))).assertStatus(200)
    assert.deepEqual(await filesStartingWith(mark), [])
    assert.equal(await countRows('document_chunks', { document_id: id }), 0)
    assert.isNull(await db.from('documents').where('id', id).first())
  })
})
