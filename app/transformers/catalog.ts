import { isoRequired } from '#transformers/iso'
import type {
  CourseRefView,
  CourseView,
  DateLike,
  DocumentView,
  InstitutionRefView,
  InstitutionView,
} from '#services/catalog/catalog_rows'

import type {
  CourseRef,
  InstitutionRef,
  OriginalFile,
  SerializedCourse,
  SerializedDocument,
  SerializedInstitution,
  SerializedOwnDocument,
} from '#shared/api/catalog'

/**
 * What leaves the server for the catalog (docs/rules/catalog.md#lists): the shapes of shared/api/catalog.ts.
 */
export type {
  CourseRef,
  InstitutionRef,
  SerializedCourse,
  SerializedDocument,
  SerializedInstitution,
  SerializedOwnDocument,
}

/** `meta` of a paginated list (docs/rules/hardening.md#json). */
export function paginationMeta(result: { total: number; page: number; limit: number; lastPage: number }) {
  return { total: result.total, page: result.page, limit: result.limit, last_page: result.lastPage }
}

/** A paginated list body `{ data, meta }` (docs/rules/hardening.md#json). */
export function paginatedList<T, S>(
  result: { rows: T[]; total: number; page: number; limit: number; lastPage: number },
  serialize: (row: T) => S
) {
  return { data: result.rows.map((row) => serialize(row)), meta: paginationMeta(result) }
}

function count(value: unknown): number {
  const n = Number(value)
  return Number.isFinite(n) ? n : 0
}

export function serializeInstitution(institution: InstitutionView): SerializedInstitution {
  return {
    id: String(institution.id),
    slug: institution.slug,
    name: institution.name,
    description: institution.description ?? null,
    city: institution.city ?? null,
    country: institution.country ?? null,
    course_count: count(institution.$extras.course_count),
    document_count: count(institution.$extras.document_count),
    updated_at: isoRequired(institution.updatedAt),
    visibility: institution.visibility,
  }
}

/** The nested institution: `{ id, slug, name }` when loaded (and visible), else null. */
export function institutionRef(institution: InstitutionRefView | null | undefined): InstitutionRef | null {
  return institution ? { id: String(institution.id), slug: institution.slug, name: institution.name } : null
}

export function courseRef(course: CourseRefView | null | undefined): CourseRef | null {
  return course ? { id: String(course.id), slug: course.slug, title: course.title } : null
}

export function serializeCourse(course: CourseView): SerializedCourse {
  const institution = course.institutionId ? course.institution : undefined
  return {
    id: String(course.id),
    slug: course.slug,
    code: course.code ?? null,
    title: course.title,
    description: course.description ?? null,
    institution: institution && institution.visibility === 'public' ? institutionRef(institution) : null,
    document_count: count(course.$extras.document_count),
    updated_at: isoRequired(course.updatedAt),
    visibility: course.visibility,
  }
}

/**
 * `viewerId`: a nested private course is shown only to its owner (a public document in a
 * private course must not leak the course).
 */
export function serializeDocument(document: DocumentView, viewerId: number | null = null): SerializedDocument {
  const course = document.courseId ? document.course : undefined
  const showCourse = course && (course.visibility === 'public' || (viewerId !== null && course.ownerId === viewerId))
  return {
    id: String(document.id),
    slug: document.slug,
    title: document.title,
    description: document.description ?? null,
    seo_content: document.seoContent ?? null,
    topic_tags: Array.isArray(document.topicTags) ? document.topicTags : [],
    access_level: document.accessLevel,
    course: showCourse ? courseRef(course) : null,
    page_count: count(document.pageCount),
    updated_at: isoRequired(document.updatedAt),
    visibility: document.visibility,
  }
}

/** A document as its owner sees it in the workspace: the catalog shape plus ingest state. */
export function serializeOwnDocument(
  document: DocumentView & {
    ingestStatus: string
    embeddingStatus?: string
    embeddingProgress?: number
    sizeBytes?: number | null
    createdAt: DateLike
    fileKey?: string | null
    fileName?: string | null
    mimeType?: string | null
  },
  ownerId: number
): SerializedOwnDocument {
  return {
    ...serializeDocument(document, ownerId),
    ingest_status: document.ingestStatus,
    embedding_status: document.embeddingStatus ?? 'pending',
    embedding_progress: document.embeddingProgress ?? 0,
    file: serializeOriginalFile(document),
    size_bytes: document.sizeBytes ?? null,
    created_at: isoRequired(document.createdAt),
  }
}

/** The original upload of a document, or null when none is stored. */
export function serializeOriginalFile(document: {
  id: number
  fileKey?: string | null
  fileName?: string | null
  mimeType?: string | null
}): OriginalFile | null {
  if (!document.fileKey) return null
  return {
    name: document.fileName || `document-${document.id}`,
    mime_type: document.mimeType || 'application/octet-stream',
  }
}
