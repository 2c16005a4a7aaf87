import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { seedCatalog } from '#services/catalog/catalog_seed_service'
import { CatalogSearchService } from '#services/catalog/catalog_search_service'

const catalogSearchService = new CatalogSearchService()

test.group('Catalog / catalog:seed service (CONTRACT 9, issue 2 item 8)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('inserts rows in batches: public, unique slugs ≤ 200, mixed access, chunks', async ({ assert }) => {
    const progress: string[] = []
    const result = await seedCatalog({
      institutions: 3,
      courses: 12,
      documents: 250,
      chunkDocuments: 40,
      batchSize: 100,
      seed: 42,
      onProgress: (p) => progress.push(`${p.kind}:${p.done}/${p.total}`),
    })
    assert.equal(result.documents, 250)
    assert.isAtLeast(result.chunks, 40)
    assert.isAtMost(result.chunks, 120)

    const [{ total: docs }] = await db.from('documents').count('* as total')
    assert.equal(Number(docs), 250)
    const slugs = (await db.from('documents').select('slug')).map((r: any) => r.slug as string)
    assert.equal(new Set(slugs).size, slugs.length)
    assert.isTrue(slugs.every((s) => s.length <= 200 && /^[a-z0-9-]+$/.test(s)))
    const levels = (await db.from('documents').distinct('access_level')).map((r: any) => r.access_level).sort()
    assert.includeMembers(levels, ['free', 'paid'])
    const [{ total: privateRows }] = await db.from('documents').whereNot('visibility', 'public').count('* as total')
    assert.equal(Number(privateRows), 0)
    const [{ total: orphanDocs }] = await db.from('documents').whereNull('course_id').count('* as total')
    assert.equal(Number(orphanDocs), 0)
    const chunked = await db.from('document_chunks').countDistinct('document_id as total')
    assert.equal(Number(chunked[0].total), 40)
    assert.include(progress, 'documents:100/250')
    assert.include(progress, 'documents:250/250')
  })

  test('seeded rows are in the full-text index; its triggers are back afterwards', async ({ assert }) => {
    await seedCatalog({ institutions: 2, courses: 6, documents: 60, chunkDocuments: 0, seed: 7, pgSuspendMinRows: 1 })
    for (const kind of ['institutions', 'courses', 'documents'] as const) {
      const column = kind === 'institutions' ? 'name' : 'title'
      const sample = await db.from(kind).orderBy('id', 'desc').select('id', `${column} as title`).first()
      const word = String(sample.title)
        .split(/[^A-Za-z]+/)
        .sort((a: string, b: string) => b.length - a.length)[0]
      const found = await catalogSearchService.search(kind, word, { page: 1, limit: 100 })
      assert.include(found.ids, Number(sample.id), `${kind}: ${word}`)
      // A prefix and a one-letter typo of a seeded word are found too (PostgreSQL: the word table was filled).
      assert.include(
        (await catalogSearchService.search(kind, word.slice(0, 4), { page: 1, limit: 1000 })).ids,
        Number(sample.id),
        `${kind}: ${word.slice(0, 4)}`
      )
      if (word.length >= 5) {
        const typo = `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`
        if (typo.toLowerCase() !== word.toLowerCase()) {
          assert.isAbove(
            (await catalogSearchService.search(kind, typo, { page: 1, limit: 5 })).total,
            0,
            `${kind}: ${typo}`
          )
        }
      }
      if (db.connection().dialect.name === 'postgres') {
        // The bulk-filled vector is the one the update trigger computes for the same row.
        const before = await db
          .from(`${kind}_search`)
          .where('id', sample.id)
          .select(db.raw('vector::text as v'))
          .first()
        await db
          .from(kind)
          .where('id', sample.id)
          .update({ [column]: sample.title })
        const after = await db.from(`${kind}_search`).where('id', sample.id).select(db.raw('vector::text as v')).first()
        assert.equal(before.v, after.v, kind)
      }
    }
    // A write after the seed is indexed (the insert trigger was put back).
    await db.table('documents').insert({
      slug: 'after-seed-zeppelin',
      title: 'Zeppelin aerodynamics',
      visibility: 'public',
      access_level: 'free',
      page_count: 1,
      ingest_status: 'ready',
      created_at: new Date(),
      updated_at: new Date(),
    })
    assert.equal((await catalogSearchService.search('documents', 'zeppelin', { page: 1, limit: 5 })).total, 1)
  })

  test('a failure rolls everything back, also in the middle of a PostgreSQL COPY', async ({ assert }) => {
    const before = Number((await db.from('institutions').count('* as total'))[0].total)
    await assert.rejects(() =>
      seedCatalog({
        institutions: 5,
        courses: 5,
        documents: 5,
        onProgress: (p) => {
          if (p.kind === 'courses') throw new Error('boom')
        },
      })
    )
    const after = Number((await db.from('institutions').count('* as total'))[0].total)
    assert.equal(after, before)
  })

  test('indexes dropped for the bulk load are back; the unique slug index holds', async ({ assert }) => {
    if (db.connection().dialect.name === 'postgres') {
      // PostgreSQL rebuilds them only for a bulk load (pgSuspendMinRows lowers the threshold).
      const pgIndexes = async () =>
        (
          await db.rawQuery(
            `select tablename, indexname, indexdef from pg_indexes where tablename in ('institutions', 'courses', 'documents') order by indexname`
          )
        ).rows
      const constraints = async () =>
        (
          await db.rawQuery(
            `select conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid in ('institutions'::regclass, 'courses'::regclass, 'documents'::regclass) order by conname`
          )
        ).rows
      const [indexesBefore, constraintsBefore] = [await pgIndexes(), await constraints()]
      assert.isAbove(indexesBefore.length, 6)
      await seedCatalog({
        institutions: 2,
        courses: 5,
        documents: 60,
        chunkDocuments: 3,
        batchSize: 7,
        seed: 9,
        pgSuspendMinRows: 1,
      })
      assert.deepEqual(await pgIndexes(), indexesBefore)
      assert.deepEqual(await constraints(), constraintsBefore)
      const [doc] = await db.from('documents').select('slug').limit(1)
      await assert.rejects(() =>
        db
          .table('documents')
          .insert({ slug: doc.slug, title: 'x', visibility: 'public', created_at: new Date(), updated_at: new Date() })
      )
      return
    }
    const indexes = async () =>
      (await db.rawQuery(
        `select name, sql from sqlite_master where type = 'index' and tbl_name in ('institutions', 'courses', 'documents') and sql is not null order by name`
      )) as any[]
    const before = await indexes()
    assert.isAbove(before.length, 3)
    await seedCatalog({ institutions: 2, courses: 5, documents: 60, chunkDocuments: 0, batchSize: 7, seed: 9 })
    assert.deepEqual(await indexes(), before)
    const [row] = await db.from('documents').select('slug').limit(1)
    await assert.rejects(() =>
      db.table('documents').insert({
        slug: row.slug,
        title: 'x',
        visibility: 'public',
        created_at: '2026-01-01 00:00:00',
        updated_at: '2026-01-01 00:00:00',
      })
    )
  })
})
