import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { appUrl } from '#config/app'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { regeneratesToDisk } from '#tests/support/sitemaps'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { SitemapRegenerationService } from '#services/sitemaps/regeneration_service'

/*
| Issue 19: regeneration got a faster row reader and writer; the objects it stores must stay
| byte-identical. The digests below are those of the objects written by the code before that
| change (commit 6415a0e) for this fixed catalog, with the site address replaced by `{site}`
| so they hold for any APP_URL. A single changed byte in any object fails the test.
*/
const GOLDEN: Record<string, string> = {
  'courses-0': '0920d3b1a3b4b61e1b7454e35ac4deea57f2ae41ef6b3b2bde859dba178923f3',
  'courses-1': '4428d76f4e91bb1e9e54f5ebe36bc09ad5d534ad971e46654da001782284e9ac',
  'documents-0': '96e214f0556ab19d27c91075464f80debec74527b9f3d2a543f83bf0d91f9b14',
  'documents-1': '3f950a27336c7ee4ccd06d64dd1549cb23355de7b3acff06473a83198542d8b7',
  'documents-2': '975e646d1bc7117cfcddcf609906988ae9ef22d3394addc3542be00257d63ab1',
  'documents-3': 'b4666d516c631620b3cdc0c26d66d632e2bec917115b52939157bbbb981be151',
  'index': '7aa7bf61057846b72a856c286fae541fc25d8494d27f06fb118f88670157f729',
  'institutions-0': '619d5d28d06cd5c86af9567c7e63cb77127ceafbd75eb645b888425d6470b36c',
  'institutions-1': 'c52a6b2c8bc43cdccb67232b5dfe318f4c3ad025e7caf396e013d5c17cd06639',
  'static': '5d4e1af1d7df8765e95b09b1ec5c78bb3fcc68b5916d70577e47dbded2a7891e',
}

const at = (iso: string) => new Date(iso)

async function fixedCatalog() {
  const slugs = {
    institutions: ['golden-uni-a', 'golden Üniversität & Co', 'golden-uni-c'],
    courses: ['golden-cs-101', 'golden<course>"quoted"\'s', 'golden-math-200', 'golden-private-course'],
    documents: [
      'golden-doc-a',
      'golden-doc-b',
      'golden-日本語-notes',
      'golden-doc d%20 space',
      `golden-${'long-'.repeat(38)}end`,
      'golden-doc-private',
      'golden-doc-f',
      'golden-doc-g',
    ],
  }
  const stamps = [
    '2026-01-02T03:04:05.000Z',
    '2026-02-03T04:05:06.789Z',
    '2025-12-31T23:59:59.999Z',
    '2026-06-07T08:09:10.000Z',
  ]
  const create = { institutions: createInstitution, courses: createCourse, documents: createDocument }
  // Each kind starts one stamp further along, so the three lists carry different lastmods.
  for (const [shift, kind] of (['institutions', 'courses', 'documents'] as const).entries()) {
    for (const [i, slug] of slugs[kind].entries()) {
      const row = await create[kind]({ slug, visibility: slug.includes('private') ? 'private' : 'public' })
      await db
        .from(kind)
        .where('id', row.id)
        .update({ updated_at: at(stamps[(i + shift) % stamps.length]) })
    }
  }
}

test.group('Sitemaps / stored objects stay byte-identical (issue 19)', (group) => {
  regeneratesToDisk(group)

  test('a fixed catalog regenerates to the same bytes as before the fast reader', async ({ assert }) => {
    await fixedCatalog()
    const service = new SitemapRegenerationService(new SitemapStore('fs'))
    const first = await service.regenerate({ chunkSize: 2 })
    assert.deepEqual(first.counts, { institutions: 3, courses: 3, documents: 7 })

    const disk = drive.use('fs')
    const digests: Record<string, string> = {}
    const { objects } = await disk.listAll('v2/sitemaps', { recursive: false })
    for (const object of objects) {
      if (!object.isFile) continue
      const name = /([^/]+)\.xml$/.exec(object.key)![1]
      const text = Buffer.from(await disk.getBytes(object.key))
        .toString('latin1')
        .split(appUrl)
        .join('{site}')
      digests[name] = createHash('sha256').update(text, 'latin1').digest('hex')
    }
    assert.deepEqual(digests, GOLDEN)

    const second = await service.regenerate({ chunkSize: 2 })
    assert.equal(second.uploaded, 0)
    assert.equal(second.skipped, Object.keys(GOLDEN).length)
  })
})
