import { test } from '@japa/runner'
import { appUrl } from '#config/app'
import {
  courseDescription,
  documentDescription,
  institutionDescription,
  listMeta,
} from '#services/catalog/catalog_page_meta'
import { slugify } from '#services/catalog/slug'

const trail = [
  { name: 'Home', path: '/' },
  { name: 'Documents', path: '/documents' },
]

test.group('Catalog / page metadata rules (SPEC B)', () => {
  test('list: page 1 canonical is the bare path; page N adds ?page=N and "page N of M"', ({ assert }) => {
    const first = listMeta({ heading: 'Documents', description: 'd', path: '/documents', page: 1, lastPage: 4, trail })
    assert.equal(first.canonical, `${appUrl}/documents`)
    assert.notInclude(first.title, 'page')
    assert.isUndefined(first.robots)
    const third = listMeta({ heading: 'Documents', description: 'd', path: '/documents', page: 3, lastPage: 4, trail })
    assert.equal(third.canonical, `${appUrl}/documents?page=3`)
    assert.include(third.title, 'page 3 of 4')
  })

  test('list: a search is noindex, follow and its canonical drops q', ({ assert }) => {
    const meta = listMeta({
      heading: 'Documents',
      description: 'd',
      path: '/documents',
      page: 1,
      lastPage: 1,
      q: 'entropy',
      trail,
    })
    assert.equal(meta.robots, 'noindex, follow')
    assert.equal(meta.canonical, `${appUrl}/documents`)
    const ld = meta.jsonLd[0] as any
    assert.equal(ld['@type'], 'BreadcrumbList')
    assert.deepEqual(
      ld.itemListElement.map((i: any) => i.item),
      [`${appUrl}/`, `${appUrl}/documents`]
    )
  })

  test('description fallbacks', ({ assert }) => {
    const base = { id: '1', slug: 's', updated_at: '', visibility: 'public' as const }
    assert.equal(
      institutionDescription({
        ...base,
        name: 'U',
        description: 'Desc',
        city: null,
        country: null,
        course_count: 0,
        document_count: 0,
      }),
      'Desc'
    )
    assert.equal(
      institutionDescription({
        ...base,
        name: 'U',
        description: null,
        city: 'Lyon',
        country: 'France',
        course_count: 2,
        document_count: 1,
      }),
      'U in Lyon, France: 2 courses and 1 study document.'
    )
    assert.equal(
      courseDescription({
        ...base,
        code: null,
        title: 'Genetics',
        description: '',
        institution: { id: '2', slug: 'u', name: 'Uni' },
        document_count: 3,
      }),
      'Genetics at Uni: 3 study documents.'
    )
    const doc = {
      ...base,
      title: 'T',
      description: null,
      seo_content: null,
      topic_tags: [],
      access_level: 'free' as const,
      course: null,
      page_count: 1,
    }
    assert.equal(documentDescription({ ...doc, seo_content: 'SEO' }), 'SEO')
    assert.equal(documentDescription({ ...doc, topic_tags: ['a', 'b'] }), 'T: study notes on a, b.')
    assert.equal(documentDescription({ ...doc, description: 'D', seo_content: 'SEO' }), 'D')
  })

  test('slugs are lowercase ASCII and at most 200 characters', ({ assert }) => {
    assert.equal(slugify('Économie & Société: Intro!'), 'economie-societe-intro')
    assert.isAtMost(slugify('word '.repeat(100)).length, 200)
  })
})
