import { test } from '@japa/runner'
import { api } from '#tests/support/http'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { Disk } from 'flydrive'
import { S3Driver } from 'flydrive/drivers/s3'
import { s3DiskOptions } from '#config/drive'
import { UploadStorage } from '#services/documents/upload_storage'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import testUtils from '@adonisjs/core/services/test_utils'
import { aiUser } from '#tests/support/ai'
import { S3TestServer } from '#tests/support/s3_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

/*
| Issue 16 item 4 (docs/rules/documents.md#upload-limits): uploads and sitemaps on an s3 disk, run with the real
| @aws-sdk/client-s3 through flydrive against s3rver started here. Two disk objects stand for
| two instances: what one writes the other reads and deletes.
*/
class S3Uploads extends UploadStorage {
  constructor(protected s3: Disk) {
    super('s3')
  }
  protected disk() {
    return this.s3 as any
  }
}
class S3Sitemaps extends SitemapStore {
  constructor(protected s3: Disk) {
    super('s3')
  }
  protected disk() {
    return this.s3 as any
  }
}

test.group('Infra / shared storage on S3 (CONTRACT 14, issue 16)', (group) => {
  let s3: S3TestServer
  const instanceA = () => new Disk(new S3Driver(s3DiskOptions(s3.settings)))
  const instanceB = () => new Disk(new S3Driver(s3DiskOptions(s3.settings)))

  group.setup(async () => {
    s3 = await new S3TestServer().start()
    return () => s3.stop()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => () => app.container.restoreAll())

  test('an upload through one instance is stored in S3, read and deleted by another', async ({ client, assert }) => {
    const user = await aiUser()
    const a = instanceA()
    app.container.swap(UploadStorage, () => new S3Uploads(a))
    const upload = await client
      .post(urlFor('api.documents.upload'))
      .loginAs(user)
      .withCsrfToken()
      .file('file', Buffer.from('Photosynthesis turns light into chemical energy in plants.'), {
        filename: 's3-16-notes.txt',
      })
    upload.assertStatus(201)
    const id = upload.body().document.id
    const row = await db.from('documents').where('id', id).first()
    assert.isTrue(await a.exists(row.file_key), 'the object is in the bucket')

    const b = instanceB()
    app.container.swap(UploadStorage, () => new S3Uploads(b))
    const read = await client.get(urlFor('api.my.documents.file', { id })).loginAs(user)
    read.assertStatus(200)
    assert.include(read.text(), 'Photosynthesis')
    const removed = await api(client, user).delete(urlFor('api.my.documents.destroy', { id }))
    removed.assertStatus(200)
    assert.isFalse(await a.exists(row.file_key), 'deleted through the other instance')
  }).timeout(30000)

  test('storage down: the upload answers 503 with the contract body and leaves no row', async ({ client, assert }) => {
    const user = await aiUser()
    const a = instanceA()
    app.container.swap(UploadStorage, () => new S3Uploads(a))
    await s3.pause()
    try {
      const upload = await client
        .post(urlFor('api.documents.upload'))
        .loginAs(user)
        .withCsrfToken()
        .file('file', Buffer.from('Cells divide by mitosis.'), { filename: 's3-16-down.txt' })
      upload.assertStatus(503)
      assert.deepEqual(Object.keys(upload.body()).sort(), ['code', 'message', 'status'])
      assert.equal(upload.body().code, 'SERVICE_UNAVAILABLE')
      assert.equal(upload.body().status, 503)
      const rows = await db.from('documents').where('owner_id', user.id).count('* as total')
      assert.equal(Number(rows[0].total), 0)
    } finally {
      await s3.start(s3.port)
    }
  }).timeout(30000)

  test('sitemaps: one instance writes, another serves; storage down renders live', async ({ client, assert }) => {
    const a = new S3Sitemaps(instanceA())
    await a.put(
      'static',
      '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><!-- from s3 --></urlset>'
    )
    app.container.swap(SitemapStore, () => new S3Sitemaps(instanceB()))
    const served = await client.get(urlFor('api.sitemap.xml_static'))
    served.assertStatus(200)
    assert.include(served.text(), 'from s3')
    assert.deepEqual(await new S3Sitemaps(instanceB()).list(), ['static'])
    await s3.pause()
    try {
      const live = await client.get(urlFor('api.sitemap.xml_static'))
      live.assertStatus(200)
      assert.notInclude(live.text(), 'from s3')
      assert.include(live.text(), '<urlset')
      // Let the fire-and-forget upload of the live render fail before storage comes back.
      await new Promise((r) => setTimeout(r, 1000))
    } finally {
      await s3.start(s3.port)
      await a.delete('static')
    }
  }).timeout(30000)
})
