import { ApiError } from '#exceptions/api_error'
import { SORT_KEYS, type CatalogKind } from '#validators/catalog'
import type { Paginated } from '#services/catalog/catalog_service'
import { paginationMeta, serializeCourse, serializeDocument, serializeInstitution } from '#transformers/catalog'
import type { CatalogService } from '#services/catalog/catalog_service'
import { listMeta } from '#services/catalog/catalog_page_meta'

export type PageListParams = { page: number; q?: string; sort?: string; limit: number }

export const PAGE_LIMIT = 20

/**
 * Query of a catalog list page: `page` must be a positive integer (else the 404 page), an
 * unknown `sort` falls back to the default order, `q` is trimmed and bounded.
 */
export function pageListParams(qs: Record<string, any>, kind: CatalogKind): PageListParams {
  const rawPage = qs.page
  let page = 1
  if (rawPage !== undefined && rawPage !== '') {
    const value = String(rawPage)
    if (!/^\d{1,8}$/.test(value) || Number(value) < 1) throw ApiError.notFound('Page not found')
    page = Number(value)
  }
  const q = typeof qs.q === 'string' && qs.q.trim() ? qs.q.trim().slice(0, 200) : undefined
  const rawSort = typeof qs.sort === 'string' ? qs.sort : undefined
  const key = rawSort?.replace(/^-/, '')
  const sort = rawSort && key && SORT_KEYS[kind].includes(key) ? rawSort : undefined
  return { page, q, sort, limit: PAGE_LIMIT }
}

/** A page past the last answers the 404 page (docs/rules/catalog.md#lists). */
export function assertPageInRange(page: number, lastPage: number) {
  if (page > 1 && page > lastPage) throw ApiError.notFound('Page not found')
}

export function sortOptions(kind: CatalogKind) {
  const alpha = kind === 'institutions' ? 'name' : 'title'
  return [
    { value: '', label: 'Newest' },
    { value: alpha, label: 'A–Z' },
    { value: `-${alpha}`, label: 'Z–A' },
    { value: '-updated_at', label: 'Recently updated' },
    { value: 'created_at', label: 'Oldest' },
  ]
}

/**
 * The shared work of a catalog list page: parse the query, load one page, 404 past the last
 * page (docs/rules/catalog.md#lists), and the props every list page renders. `paging` feeds `listMeta`.
 */
export async function loadListPage<T, S>(
  qs: Record<string, any>,
  kind: CatalogKind,
  load: (params: PageListParams) => Promise<Paginated<T>>,
  serialize: (row: T) => S
) {
  const params = pageListParams(qs, kind)
  const result = await load(params)
  assertPageInRange(params.page, result.lastPage)
  return {
    total: result.total,
    paging: { page: params.page, lastPage: result.lastPage, q: params.q },
    props: {
      items: result.rows.map((row) => serialize(row)),
      meta: paginationMeta(result),
      q: params.q ?? '',
      sort: params.sort ?? '',
      sortOptions: sortOptions(kind),
    },
  }
}

/** The heading and description of each top-level list page. */
const TOP_LEVEL_LISTS: Record<CatalogKind, { heading: string; description: (total: number) => string }> = {
  institutions: {
    heading: 'Institutions',
    description: (total) => `Browse ${total} universities and colleges and the study documents of their courses.`,
  },
  courses: {
    heading: 'Courses',
    description: (total) => `Browse ${total} courses and their lecture notes, summaries and past papers.`,
  },
  documents: {
    heading: 'Documents',
    description: (total) =>
      `Browse ${total} study documents: lecture notes, summaries, exam preparation and past papers.`,
  },
}

type KindList = {
  load: (catalog: CatalogService, params: PageListParams) => Promise<Paginated<any>>
  serialize: (row: any) => unknown
}
/** How each kind's public list is read and serialized (its top-level page, the related results of a search). */
const LISTS: Record<CatalogKind, KindList> = {
  institutions: { load: (catalog, params) => catalog.listInstitutions(params), serialize: serializeInstitution },
  courses: { load: (catalog, params) => catalog.listCourses(params), serialize: serializeCourse },
  documents: { load: (catalog, params) => catalog.listDocuments(params), serialize: (row) => serializeDocument(row) },
}
type Serialized = {
  institutions: ReturnType<typeof serializeInstitution>
  courses: ReturnType<typeof serializeCourse>
  documents: ReturnType<typeof serializeDocument>
}

/**
 * The props of a top-level list page (/institutions, /courses, /documents): one page of rows, its metadata
 * under a Home › heading trail, and on a search the matches of the other kinds.
 */
export async function topLevelListPage<K extends CatalogKind>(
  catalog: CatalogService,
  qs: Record<string, any>,
  kind: K
) {
  const { load, serialize } = LISTS[kind]
  const list = await loadListPage(
    qs,
    kind,
    (params) => load(catalog, params),
    (row) => serialize(row) as Serialized[K]
  )
  const text = TOP_LEVEL_LISTS[kind]
  const path = `/${kind}`
  const seo = listMeta({
    ...list.paging,
    heading: text.heading,
    description: text.description(list.total),
    path,
    trail: [
      { name: 'Home', path: '/' },
      { name: text.heading, path },
    ],
  })
  return { seo, ...list.props, related: await relatedResults(catalog, kind, list.props.q) }
}

/** How many matches of each other kind a search page shows above its own results. */
export const RELATED_LIMIT = 3

export type RelatedResults = { [K in CatalogKind]?: { items: Serialized[K][]; total: number } }

/**
 * A search page searches all three kinds (issue 26): besides its own list, the first matches
 * of the two other kinds, each with its total (the link to that kind's results).
 */
export async function relatedResults(
  catalog: CatalogService,
  kind: CatalogKind,
  q: string | undefined
): Promise<RelatedResults> {
  const params = pageListParams({ q }, kind)
  if (!params.q) return {}
  const input = { q: params.q, page: 1, limit: RELATED_LIMIT }
  const related: Record<string, { items: unknown[]; total: number }> = {}
  for (const other of ['documents', 'courses', 'institutions'] as const) {
    if (other === kind) continue
    const result = await LISTS[other].load(catalog, input)
    related[other] = { items: result.rows.map(LISTS[other].serialize), total: result.total }
  }
  return related as RelatedResults
}
