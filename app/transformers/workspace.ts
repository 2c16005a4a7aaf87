import { iso } from '#transformers/iso'
import type Course from '#models/course'
import type Document from '#models/document'

/** An owned document as the workspace pages show it. */
export function serializeOwnedDocument(document: Document) {
  return {
    id: String(document.id),
    slug: document.slug,
    title: document.title,
    access_level: document.accessLevel,
    visibility: document.visibility,
    ingest_status: document.ingestStatus,
    embedding_status: document.embeddingStatus ?? 'pending',
    embedding_progress: document.embeddingProgress ?? 0,
    course_id: document.courseId === null ? null : String(document.courseId),
    file_name: document.fileName,
    mime_type: document.mimeType,
    size_bytes: document.sizeBytes,
    page_count: document.pageCount,
    created_at: iso(document.createdAt),
    updated_at: iso(document.updatedAt),
  }
}

export function serializeOwnedCourse(course: Course, documentCount?: number) {
  return {
    id: String(course.id),
    slug: course.slug,
    code: course.code,
    title: course.title,
    description: course.description,
    visibility: course.visibility,
    document_count: documentCount ?? 0,
    created_at: iso(course.createdAt),
    updated_at: iso(course.updatedAt),
  }
}
