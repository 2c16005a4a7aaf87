import { inject } from '@adonisjs/core'
import { detachReferencesTo } from '#services/notes/reference_targets'
import { CatalogSearchService } from '#services/catalog/catalog_search_service'
import catalogPageCache from '#services/catalog/catalog_page_cache'
import db from '@adonisjs/lucid/services/db'
import { serializeOriginalFile } from '#transformers/catalog'
import { randomBytes } from 'node:crypto'
import Course from '#models/course'
import type Document from '#models/document'
import { slugify } from '#services/catalog/slug'
import { isUniqueViolation } from '#services/database/unique_violation'
import type { UploadStorage } from '#services/documents/upload_storage'
import type { CourseView, DocumentView, InstitutionView } from '#services/catalog/catalog_rows'
import {
  applySort,
  courseRowsQuery,
  documentQuery,
  documentRowsQuery,
  institutionRowsQuery,
  loadCourseViews,
  loadDocumentViews,
  loadInstitutionViews,
  paginate,
  searched,
  type ListInput,
  type Paginated,
} from '#services/catalog/catalog_list_queries'

export { DEFAULT_LIMIT, type ListInput, type Paginated } from '#services/catalog/catalog_list_queries'

@inject()
export class CatalogService {
  constructor(private search: CatalogSearchService) {}

  /* ----------------------------------------------------------------- public lists */

  async listInstitutions(input: ListInput): Promise<Paginated<InstitutionView>> {
    const query = institutionRowsQuery().where('institutions.visibility', 'public')
    if (input.q) return searched(this.search, 'institutions', query, input, {}, loadInstitutionViews)
    applySort(query, 'institutions', input.sort)
    return paginate(query, input, loadInstitutionViews)
  }

  async listCourses(input: ListInput, scope: { institutionId?: number } = {}): Promise<Paginated<CourseView>> {
    const query = courseRowsQuery().where('courses.visibility', 'public')
    if (scope.institutionId !== undefined) query.where('courses.institution_id', scope.institutionId)
    if (input.q) return searched(this.search, 'courses', query, input, scope, loadCourseViews)
    applySort(query, 'courses', input.sort)
    return paginate(query, input, loadCourseViews)
  }

  /** Public documents; with `viewerId`, the viewer's own private ones too (their course page). */
  async listDocuments(
    input: ListInput,
    scope: { courseId?: number; viewerId?: number | null } = {}
  ): Promise<Paginated<DocumentView>> {
    const query = documentRowsQuery()
    const viewerId = scope.viewerId ?? null
    if (viewerId === null) query.where('documents.visibility', 'public')
    else query.where((sub) => sub.where('documents.visibility', 'public').orWhere('documents.owner_id', viewerId))
    if (scope.courseId !== undefined) query.where('documents.course_id', scope.courseId)
    if (input.q)
      return searched(this.search, 'documents', query, input, { courseId: scope.courseId, viewerId }, loadDocumentViews)
    applySort(query, 'documents', input.sort)
    return paginate(query, input, loadDocumentViews)
  }

  /* ----------------------------------------------------------------- by slug */

  /** A public institution (institutions have no owner, so a private one is never shown). */
  async institutionBySlug(slug: string): Promise<InstitutionView | null> {
    const [institution] = await loadInstitutionViews(
      institutionRowsQuery().where('institutions.slug', slug).where('institutions.visibility', 'public').limit(1)
    )
    return institution ?? null
  }

  /** A public course, or a private one for its owner. */
  async courseBySlug(slug: string, viewerId: number | null): Promise<CourseView | null> {
    const [course] = await loadCourseViews(courseRowsQuery().where('courses.slug', slug).limit(1))
    if (!course) return null
    if (course.visibility !== 'public' && (viewerId === null || course.ownerId !== viewerId)) return null
    if (viewerId !== null && course.ownerId === viewerId) {
      // Its owner also sees the private documents they put in it (as GET /api/my/courses counts them).
      const row = await db
        .from('documents')
        .where('course_id', course.id)
        .where((q) => q.where('visibility', 'public').orWhere('owner_id', viewerId))
        .count('* as total')
        .first()
      course.$extras.document_count = Number(row?.total ?? 0)
    }
    return course
  }

  /** A public document, or a private one for its owner. */
  async documentBySlug(slug: string, viewerId: number | null): Promise<DocumentView | null> {
    const [document] = await loadDocumentViews(documentRowsQuery().where('documents.slug', slug).limit(1))
    if (!document) return null
    if (document.visibility !== 'public' && (viewerId === null || document.ownerId !== viewerId)) return null
    return document
  }

  /** The stored original of one of the owner's documents (name and type only), or null. */
  async ownerFile(documentId: number, ownerId: number) {
    const row = await db
      .from('documents')
      .select('id', 'file_key', 'file_name', 'mime_type')
      .where('id', documentId)
      .where('owner_id', ownerId)
      .first()
    return row
      ? serializeOriginalFile({ id: row.id, fileKey: row.file_key, fileName: row.file_name, mimeType: row.mime_type })
      : null
  }

  /** Featured items of the home page: the most recently updated public rows. */
  async featured(count = 6) {
    const [institutions, courses, documents] = await Promise.all([
      loadInstitutionViews(
        institutionRowsQuery()
          .where('institutions.visibility', 'public')
          .orderBy('institutions.id', 'desc')
          .limit(count)
      ),
      loadCourseViews(
        courseRowsQuery().where('courses.visibility', 'public').orderBy('courses.id', 'desc').limit(count)
      ),
      loadDocumentViews(
        documentRowsQuery().where('documents.visibility', 'public').orderBy('documents.id', 'desc').limit(count)
      ),
    ])
    return { institutions, courses, documents }
  }

  /* ----------------------------------------------------------------- own rows */

  async myDocuments(userId: number, input: ListInput): Promise<Paginated<Document>> {
    const query = documentQuery().where('documents.owner_id', userId).orderBy('documents.id', 'desc')
    return paginate<Document>(query, input)
  }

  async myCourses(userId: number, input: ListInput): Promise<Paginated<Course>> {
    const query = Course.query()
      .select('courses.*')
      .select(db.raw(`(select count(*) from documents d where d.course_id = courses.id) as document_count`))
      .preload('institution')
      .where('courses.owner_id', userId)
      .orderBy('courses.id', 'desc')
    return paginate<Course>(query, input)
  }

  /**
   * A private course owned by the user, with a unique slug. Two creates of the same title at
   * the same moment can both find the slug free; the loser's insert hits the unique index and
   * is retried with a suffixed slug instead of failing.
   */
  async createMyCourse(userId: number, input: { title: string; description?: string | null }) {
    for (let attempt = 0; ; attempt++) {
      const slug = await this.uniqueSlug('courses', input.title, attempt > 0)
      try {
        const course = await Course.create({
          slug,
          code: null,
          title: input.title,
          description: input.description?.trim() ? input.description.trim() : null,
          institutionId: null,
          ownerId: userId,
          visibility: 'private',
        })
        course.$extras.document_count = 0
        return course
      } catch (error) {
        if (attempt >= 3 || !isUniqueViolation(error)) throw error
      }
    }
  }

  /**
   * Hard delete of an owned document (docs/rules/documents.md#access-states; chunks and purchases cascade, note
   * references are set null): false when missing or someone else's. The uploaded file goes
   * too, after the row (a failed file delete leaves only an orphaned file, logged).
   */
  async deleteMyDocument(userId: number, documentId: number, files: Pick<UploadStorage, 'delete'>): Promise<boolean> {
    const row = await db.from('documents').where('id', documentId).where('owner_id', userId).select('file_key').first()
    if (!row) return false
    const count = await db.transaction(async (trx) => {
      await detachReferencesTo(trx, 'document', documentId)
      const deleted = await trx.from('documents').where('id', documentId).where('owner_id', userId).delete()
      return Array.isArray(deleted) ? deleted.length : Number(deleted)
    })
    if (count > 0) catalogPageCache.invalidate()
    if (count > 0 && row.file_key) {
      await files.delete(String(row.file_key))
    }
    return count > 0
  }

  /** `base` slugified, with a short random suffix when taken (at most 200 characters). */
  async uniqueSlug(table: 'institutions' | 'courses' | 'documents', text: string, suffixed = false): Promise<string> {
    const base = slugify(text, 180) || 'untitled'
    let candidate = suffixed ? `${base}-${randomBytes(3).toString('hex')}` : base
    for (let attempt = 0; attempt < 8; attempt++) {
      const taken = await db.from(table).where('slug', candidate).select('id').first()
      if (!taken) return candidate
      candidate = `${base}-${randomBytes(3).toString('hex')}`
    }
    return `${base}-${randomBytes(8).toString('hex')}`
  }
}
