import type { DateTime } from 'luxon'
import type { AccessLevel } from '#models/document'

/*
 * Public list pages and API lists read plain rows instead of hydrating Lucid models: model
 * hydration (attribute proxies, cloned originals, luxon date parsing) was a quarter of a
 * catalog list page's CPU time. The views carry exactly what the catalog serializers read,
 * under the model's property names, so a model and a view serialize the same way.
 */
export type DateLike = DateTime | Date | string | number | null | undefined

export type InstitutionView = {
  id: number
  slug: string
  name: string
  description: string | null
  city: string | null
  country: string | null
  visibility: 'public' | 'private'
  updatedAt: DateLike
  $extras: Record<string, unknown>
}

export type InstitutionRefView = { id: number; slug: string; name: string; visibility: 'public' | 'private' }

export type CourseView = {
  id: number
  slug: string
  code: string | null
  title: string
  description: string | null
  institutionId: number | null
  ownerId: number | null
  visibility: 'public' | 'private'
  updatedAt: DateLike
  $extras: Record<string, unknown>
  institution?: InstitutionRefView | null
}

export type CourseRefView = {
  id: number
  slug: string
  title: string
  visibility: 'public' | 'private'
  ownerId: number | null
}

export type DocumentView = {
  id: number
  slug: string
  title: string
  description: string | null
  seoContent: string | null
  topicTags: string[]
  accessLevel: AccessLevel
  visibility: 'public' | 'private'
  courseId: number | null
  ownerId: number | null
  pageCount: number
  updatedAt: DateLike
  course?: CourseRefView | null
}

/**
 * The columns each kind's list reads and catalog:seed writes (seed_tables.ts), in the order of
 * the seed's INSERT rows; the reads add the id, the owner where the seed leaves it out, and the
 * update time.
 */
export const INSTITUTION_FIELDS = ['slug', 'name', 'description', 'city', 'country', 'visibility']
export const COURSE_FIELDS = ['slug', 'code', 'title', 'description', 'institution_id', 'owner_id', 'visibility']
export const DOCUMENT_FIELDS = [
  'slug',
  'title',
  'description',
  'seo_content',
  'topic_tags',
  'access_level',
  'visibility',
  'course_id',
]

const qualified = (table: string, columns: string[]) => columns.map((c) => `${table}.${c}`)
export const INSTITUTION_COLUMNS = qualified('institutions', ['id', ...INSTITUTION_FIELDS, 'updated_at'])
export const COURSE_COLUMNS = qualified('courses', ['id', ...COURSE_FIELDS, 'updated_at'])
export const DOCUMENT_COLUMNS = qualified('documents', [
  'id',
  ...DOCUMENT_FIELDS,
  'owner_id',
  'page_count',
  'updated_at',
])

const toId = (value: unknown) => (value === null || value === undefined ? null : Number(value))

function tags(value: unknown): string[] {
  if (Array.isArray(value)) return value
  if (typeof value !== 'string' || !value) return []
  try {
    const parsed = JSON.parse(value)
    return Array.isArray(parsed) ? parsed : []
  } catch {
    return []
  }
}

export function institutionView(row: any): InstitutionView {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    description: row.description ?? null,
    city: row.city ?? null,
    country: row.country ?? null,
    visibility: row.visibility,
    updatedAt: row.updated_at,
    $extras: { course_count: row.course_count, document_count: row.document_count },
  }
}

export function courseView(row: any, institution: InstitutionRefView | null | undefined): CourseView {
  return {
    id: Number(row.id),
    slug: row.slug,
    code: row.code ?? null,
    title: row.title,
    description: row.description ?? null,
    institutionId: toId(row.institution_id),
    ownerId: toId(row.owner_id),
    visibility: row.visibility,
    updatedAt: row.updated_at,
    $extras: { document_count: row.document_count },
    institution: institution ?? null,
  }
}

export function documentView(row: any, course: CourseRefView | null | undefined): DocumentView {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    description: row.description ?? null,
    seoContent: row.seo_content ?? null,
    topicTags: tags(row.topic_tags),
    accessLevel: row.access_level,
    visibility: row.visibility,
    courseId: toId(row.course_id),
    ownerId: toId(row.owner_id),
    pageCount: Number(row.page_count) || 0,
    updatedAt: row.updated_at,
    course: course ?? null,
  }
}

export function institutionRefView(row: any): InstitutionRefView {
  return { id: Number(row.id), slug: row.slug, name: row.name, visibility: row.visibility }
}

export function courseRefView(row: any): CourseRefView {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    visibility: row.visibility,
    ownerId: toId(row.owner_id),
  }
}
