import db from '@adonisjs/lucid/services/db'
import type { CatalogSearchService, SearchScope } from '#services/catalog/catalog_search_service'
import Document from '#models/document'
import type { CatalogKind } from '#validators/catalog'
import {
  COURSE_COLUMNS,
  DOCUMENT_COLUMNS,
  INSTITUTION_COLUMNS,
  courseRefView,
  courseView,
  documentView,
  institutionRefView,
  institutionView,
  type CourseView,
  type DocumentView,
  type InstitutionView,
} from '#services/catalog/catalog_rows'

/*
| The list queries of CatalogService: the row queries of each kind, the loaders that turn
| their rows into views, sorting, pagination and the full-text search path of a list.
*/

export type ListInput = { page?: number; limit?: number; q?: string; sort?: string }
export type Paginated<T> = { rows: T[]; total: number; page: number; limit: number; lastPage: number }

export const DEFAULT_LIMIT = 20

/**
 * `sort` is already validated (SORT_KEYS). Without it the lists are newest first, read in id
 * order (ids only grow), which the (visibility, id) index serves without sorting a million rows.
 */
export function applySort(query: any, kind: CatalogKind, sort: string | undefined) {
  if (!sort) {
    query.orderBy(`${kind}.id`, 'desc')
    return
  }
  const desc = sort.startsWith('-')
  const key = desc ? sort.slice(1) : sort
  query.orderBy(`${kind}.${key}`, desc ? 'desc' : 'asc').orderBy(`${kind}.id`, desc ? 'desc' : 'asc')
}

export async function paginate<T>(
  query: any,
  input: ListInput,
  load?: (query: any) => Promise<T[]>
): Promise<Paginated<T>> {
  const page = input.page ?? 1
  const limit = input.limit ?? DEFAULT_LIMIT
  const countQuery = query.clone().clearOrder().clearLimit().clearOffset().clearSelect().count('* as total')
  const [{ total }] = load ? await countQuery : await countQuery.pojo().exec()
  const totalNumber = Number(total) || 0
  const lastPage = Math.max(1, Math.ceil(totalNumber / limit))
  const pageQuery = query.offset((page - 1) * limit).limit(limit)
  const rows = page > lastPage ? [] : load ? await load(pageQuery) : await pageQuery
  return { rows, total: totalNumber, page, limit, lastPage }
}

/** Count sub-selects (public rows only, docs/rules/catalog.md#lists). */
const INSTITUTION_COURSE_COUNT = `(select count(*) from courses c where c.institution_id = institutions.id and c.visibility = 'public')`
const INSTITUTION_DOCUMENT_COUNT = `(select count(*) from documents d inner join courses c on c.id = d.course_id where c.institution_id = institutions.id and c.visibility = 'public' and d.visibility = 'public')`
const COURSE_DOCUMENT_COUNT = `(select count(*) from documents d where d.course_id = courses.id and d.visibility = 'public')`

export function documentQuery() {
  return Document.query().select('documents.*').preload('course')
}

/* Public reads use plain rows, not models (see catalog_rows.ts). */
export function institutionRowsQuery() {
  return db
    .from('institutions')
    .select(INSTITUTION_COLUMNS)
    .select(db.raw(`${INSTITUTION_COURSE_COUNT} as course_count`))
    .select(db.raw(`${INSTITUTION_DOCUMENT_COUNT} as document_count`))
}

export function courseRowsQuery() {
  return db
    .from('courses')
    .select(COURSE_COLUMNS)
    .select(db.raw(`${COURSE_DOCUMENT_COUNT} as document_count`))
}

export function documentRowsQuery() {
  return db.from('documents').select(DOCUMENT_COLUMNS)
}

/** Rows of `table` by id, in one query, keyed by id (the preload of a plain-row list). */
async function rowsById<T>(table: string, columns: string[], ids: Array<number | null>, view: (row: any) => T) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
  const byId = new Map<number, T>()
  if (!wanted.length) return byId
  const rows = await db.from(table).select(columns).whereIn('id', wanted)
  for (const row of rows) byId.set(Number(row.id), view(row))
  return byId
}

export async function loadInstitutionViews(query: any): Promise<InstitutionView[]> {
  return (await query).map(institutionView)
}

export async function loadCourseViews(query: any): Promise<CourseView[]> {
  const rows = await query
  const institutions = await rowsById(
    'institutions',
    ['id', 'slug', 'name', 'visibility'],
    rows.map((row: any) => (row.institution_id === null ? null : Number(row.institution_id))),
    institutionRefView
  )
  return rows.map((row: any) => courseView(row, institutions.get(Number(row.institution_id))))
}

export async function loadDocumentViews(query: any): Promise<DocumentView[]> {
  const rows = await query
  const courses = await rowsById(
    'courses',
    ['id', 'slug', 'title', 'visibility', 'owner_id'],
    rows.map((row: any) => (row.course_id === null ? null : Number(row.course_id))),
    courseRefView
  )
  return rows.map((row: any) => documentView(row, courses.get(Number(row.course_id))))
}

/**
 * A list with `q`: the full-text search picks and orders one page of ids (issue 26), the
 * same filtered row query loads them.
 */
export async function searched<T extends { id: number }>(
  search: CatalogSearchService,
  kind: CatalogKind,
  query: any,
  input: ListInput,
  scope: SearchScope,
  load: (query: any) => Promise<T[]>
): Promise<Paginated<T>> {
  const page = input.page ?? 1
  const limit = input.limit ?? DEFAULT_LIMIT
  const hit = await search.search(kind, input.q ?? '', { page, limit, sort: input.sort }, scope)
  const lastPage = Math.max(1, Math.ceil(hit.total / limit))
  const rows = hit.ids.length ? await load(query.whereIn(`${kind}.id`, hit.ids)) : []
  const order = new Map(hit.ids.map((id, index) => [id, index]))
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  return { rows, total: hit.total, page, limit, lastPage }
}
