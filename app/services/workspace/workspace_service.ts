import { inject } from '@adonisjs/core'
import { detachReferencesTo } from '#services/notes/reference_targets'
import { SitemapInvalidation } from '#services/sitemaps/sitemap_invalidation'
import db from '@adonisjs/lucid/services/db'
import Course from '#models/course'
import Document from '#models/document'
import { WorkspaceItemNotFoundError } from '#exceptions/workspace_errors'

/**
 * A student's own documents and courses (issue 10). Every read and write is scoped to the
 * owner: another user's record is answered as missing (404), never as forbidden, so ids
 * cannot be probed.
 */
@inject()
export class WorkspaceService {
  constructor(protected sitemaps: SitemapInvalidation) {}

  async ownedDocument(userId: number, documentId: number) {
    const document = await Document.query().where('id', documentId).where('owner_id', userId).first()
    if (!document) throw new WorkspaceItemNotFoundError('Document not found')
    return document
  }

  async ownedCourse(userId: number, courseId: number) {
    const course = await Course.query().where('id', courseId).where('owner_id', userId).first()
    if (!course) throw new WorkspaceItemNotFoundError('Course not found')
    return course
  }

  async updateDocument(
    userId: number,
    documentId: number,
    changes: { title?: string; visibility?: 'public' | 'private'; course_id?: number | null }
  ) {
    const document = await this.ownedDocument(userId, documentId)
    if (changes.course_id !== undefined && changes.course_id !== null) {
      await this.ownedCourse(userId, changes.course_id)
    }
    if (changes.title !== undefined) document.title = changes.title
    if (changes.visibility !== undefined) document.visibility = changes.visibility
    if (changes.course_id !== undefined) document.courseId = changes.course_id
    const leftPublic = document.$original.visibility === 'public' && document.visibility !== 'public'
    await document.save()
    if (leftPublic) await this.sitemaps.rowLeftPublic('documents', document.id)
    return document
  }

  async updateCourse(userId: number, courseId: number, changes: { title?: string; description?: string | null }) {
    const course = await this.ownedCourse(userId, courseId)
    if (changes.title !== undefined) course.title = changes.title
    if (changes.description !== undefined) course.description = changes.description
    await course.save()
    return course
  }

  /** Deleting a course keeps its documents (they leave the course). */
  async deleteCourse(userId: number, courseId: number) {
    const course = await this.ownedCourse(userId, courseId)
    await db.transaction(async (trx) => {
      await trx.from('documents').where('course_id', course.id).where('owner_id', userId).update({ course_id: null })
      await detachReferencesTo(trx, 'course', course.id)
      await trx.from('courses').where('id', course.id).delete()
    })
    if (course.visibility === 'public') await this.sitemaps.rowLeftPublic('courses', course.id)
    return course
  }

  async addDocumentToCourse(userId: number, courseId: number, documentId: number) {
    const course = await this.ownedCourse(userId, courseId)
    const document = await this.ownedDocument(userId, documentId)
    document.courseId = course.id
    await document.save()
    return document
  }

  async removeDocumentFromCourse(userId: number, courseId: number, documentId: number) {
    await this.ownedCourse(userId, courseId)
    const document = await this.ownedDocument(userId, documentId)
    if (document.courseId !== courseId) throw new WorkspaceItemNotFoundError('Document is not in this course')
    document.courseId = null
    await document.save()
    return document
  }

  async courseDocuments(userId: number, courseId: number) {
    const course = await this.ownedCourse(userId, courseId)
    const documents = await Document.query()
      .where('course_id', course.id)
      .where('owner_id', userId)
      .orderBy('id', 'desc')
    return { course, documents }
  }
}
