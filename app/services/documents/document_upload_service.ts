import { randomUUID } from 'node:crypto'
import { AiSettings } from '#services/ai/ai_settings'
import { readFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { inject } from '@adonisjs/core'
import string from '@adonisjs/core/helpers/string'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import {
  DocumentFileNotFoundError,
  UploadProgressNotFoundError,
  UploadCourseError,
  UploadFileError,
  UploadForbiddenError,
} from '#exceptions/documents_errors'
import Document from '#models/document'
import DocumentChunk from '#models/document_chunk'
import Course from '#models/course'
import { activePaidPlan } from '#services/billing/entitlements'
import { FREE_DOCUMENT_LIMIT } from '#services/billing/plans'

export { FREE_DOCUMENT_LIMIT }
import type { DocumentKind } from '#services/documents/text_extractor'
import { DocumentReader } from '#services/documents/document_reader'
import { MAX_ROW_ID } from '#validators/request_input'
import { hasVisibleCharacter } from '#services/infra/visible_text'
import { UploadStorage } from '#services/documents/upload_storage'
import { CatalogService } from '#services/catalog/catalog_service'
import { SitemapInvalidation } from '#services/sitemaps/sitemap_invalidation'
import { lockKeyForTransaction } from '#services/database/key_lock'
import { embeddingQueue } from '#services/ai/embeddings/embedding_queue'
import featureFlags, { FeatureFlagName } from '#services/flags/feature_flags'
import { uploadProgress } from '#services/documents/upload_progress'
import { uploadFileName } from '#services/documents/upload_names'
import { cutAtCharacter } from '#shared/text'

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
export const ALLOWED_EXTENSIONS: DocumentKind[] = ['pdf', 'txt', 'md', 'docx']

const MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  md: 'text/markdown',
}

export type UploadInput = {
  title?: string | null
  course_id?: string | number | null
  visibility?: 'public' | 'private' | null
  /** The browser's name for this upload, to poll its progress (upload_progress.ts). */
  progress_token?: string | null
}

const badFile = (message: string, rule = 'file') => new UploadFileError(message, rule)

/**
 * POST /api/documents/upload (docs/rules/documents.md#upload): free users keep at most 5 documents;
 * pdf/txt/md/docx up to 20 MB; text extracted, normalised, chunked and embedded; the file
 * stored on the UPLOADS_DISK disk (shared by every instance) and the rows written in one
 * transaction. Any failure leaves nothing behind (the stored file is deleted again); storage
 * down answers 503 before any row is written.
 */
@inject()
export class DocumentUploadService {
  constructor(
    private reader: DocumentReader,
    private storage: UploadStorage,
    private catalog: CatalogService,
    private ai: AiSettings,
    private sitemaps: SitemapInvalidation
  ) {}

  /**
   * The free plan's quota. Checked early (a 403 before the file is read) and again inside the
   * insert's transaction under a per-user lock, so two concurrent uploads at 4 of 5 cannot both
   * pass (issue 23.4). `paid` is read before the transaction (SQLite has one connection).
   */
  async assertQuota(userId: number, trx?: TransactionClientContract, paid?: boolean) {
    if (paid ?? (await activePaidPlan(userId))) return
    if (trx) await lockKeyForTransaction(trx, `upload_quota:${userId}`)
    const row = await (trx ?? db).from('documents').where('owner_id', userId).count('* as total').first()
    if (Number(row?.total ?? 0) >= FREE_DOCUMENT_LIMIT) {
      throw new UploadForbiddenError(
        `The free plan keeps up to ${FREE_DOCUMENT_LIMIT} documents. Upgrade to upload more.`,
        '/pricing'
      )
    }
  }

  async resolveCourse(userId: number, courseId: UploadInput['course_id']) {
    if (courseId === null || courseId === undefined || courseId === '') return null
    const id = Number(courseId)
    if (!Number.isInteger(id) || id <= 0)
      throw new UploadCourseError('course_id must be a course id', 'number', 'Invalid course id')
    const course = id <= MAX_ROW_ID ? await Course.find(id) : null
    if (!course) throw new UploadCourseError('This course does not exist', 'exists', 'Course not found')
    if (course.ownerId !== userId) throw new UploadForbiddenError('You can only add documents to your own courses')
    return course
  }

  checkFile(file: MultipartFile | null): DocumentKind {
    if (!file) throw badFile('Choose a file to upload (pdf, txt, md or docx).', 'required')
    const ext = (file.extname || '').toLowerCase() as DocumentKind
    if (!ALLOWED_EXTENSIONS.includes(ext)) throw badFile('Only pdf, txt, md and docx files can be uploaded.', 'extname')
    if (file.size > MAX_UPLOAD_BYTES || file.errors.some((e) => e.type === 'size'))
      throw badFile('Files can be at most 20 MB.', 'size')
    if (!file.tmpPath) throw badFile('The file could not be read.', 'readable')
    return ext
  }

  /**
   * The caller checks `assertQuota` first: the 403 comes before validation (docs/rules/billing.md#guard-order
   * order).
   */
  async upload(userId: number, file: MultipartFile | null, input: UploadInput) {
    const kind = this.checkFile(file)
    const course = await this.resolveCourse(userId, input.course_id)
    const buffer = await readFile(file!.tmpPath!)
    if (buffer.length === 0) throw badFile('This file is empty.', 'empty')
    if (buffer.length > MAX_UPLOAD_BYTES) throw badFile('Files can be at most 20 MB.', 'size')
    const ingested = await this.read(userId, kind, buffer, input.progress_token ?? null)

    const { fileName, stem } = uploadFileName(file!.clientName, kind)
    // A title of zero-width characters only is no title (the rule of every other title field),
    // whether typed or taken from the file's name.
    const visible = (text: string) => (hasVisibleCharacter(text) ? text.trim() : '')
    const given = visible(input.title ?? '')
    // One Unicode form (NFC), like every other title, so the catalog search finds it.
    const named = given || visible(stem.replace(/[_-]+/g, ' ')) || 'Untitled document'
    const title = cutAtCharacter(named.normalize('NFC'), 255)
    const key = `documents/${userId}/${randomUUID()}.${kind}`
    const files = this.storage
    const paid = Boolean(await activePaidPlan(userId))
    await files.put(key, buffer, MIME[kind])
    try {
      const document = await db.transaction(async (trx) => {
        await this.assertQuota(userId, trx, paid)
        const base = string.slug(title, { lower: true, strict: true }).slice(0, 180) || 'document'
        const doc = await Document.create(
          {
            slug: `${base}-${randomUUID().slice(0, 8)}`,
            title,
            description: ingested.description,
            seoContent: null,
            topicTags: ingested.tags,
            accessLevel: 'free',
            visibility: input.visibility === 'public' ? 'public' : 'private',
            courseId: course?.id ?? null,
            ownerId: userId,
            pageCount: ingested.pageCount,
            price: null,
            currency: null,
            fileKey: key,
            fileName,
            mimeType: MIME[kind],
            sizeBytes: buffer.length,
            ingestStatus: 'ready',
          },
          { client: trx }
        )
        await DocumentChunk.createMany(
          ingested.chunks.map((content, chunkIndex) => ({ documentId: doc.id, chunkIndex, content })),
          { client: trx }
        )
        return doc
      })
      // Usable now (lexical ranking); dense vectors follow off the request path.
      if (this.ai.embeddingsEnabled) embeddingQueue.enqueue(document.id)
      return { document, course }
    } catch (error) {
      await files.delete(key)
      throw error
    }
  }

  /**
   * Extraction in the worker pool. Scanned PDF pages are recognised when enable_ocr_processing
   * is on (issue 29 item 8, docs/rules/documents.md#upload-limits), with each page's progress under the
   * browser's token.
   */
  private async read(userId: number, kind: DocumentKind, buffer: Buffer, token: string | null) {
    const ocr = kind === 'pdf' && (await featureFlags.isEnabled(FeatureFlagName.ENABLE_OCR_PROCESSING))
    if (token) uploadProgress.set(userId, token, { stage: 'reading', page: 0, pages: 0 })
    try {
      const reader = this.reader
      return await reader.ingest(kind, buffer, {
        ocr,
        onProgress: token
          ? ({ page, pages }) => uploadProgress.set(userId, token, { stage: 'ocr', page, pages })
          : undefined,
      })
    } finally {
      if (token) uploadProgress.delete(userId, token)
    }
  }

  /** GET /api/documents/upload/progress/:token: the owner's upload still being read; 404 otherwise. */
  async progress(userId: number, token: string) {
    const view = await uploadProgress.get(userId, token)
    if (!view) throw new UploadProgressNotFoundError('No upload is being read under this token')
    return view
  }

  /** The original file of an owned upload (any instance reads the shared disk); 404 otherwise. */
  async openOwnFile(userId: number, documentId: number) {
    const doc = await Document.query().where('id', documentId).where('owner_id', userId).first()
    if (!doc?.fileKey) throw new DocumentFileNotFoundError('Document not found')
    const stream = await this.storage.stream(doc.fileKey)
    if (!stream) throw new DocumentFileNotFoundError('The file of this document is missing')
    return {
      stream,
      fileName: doc.fileName || `document-${doc.id}`,
      mimeType: doc.mimeType || 'application/octet-stream',
    }
  }

  /** Deletes an owned document and then its stored file; false when there is none to delete. */
  async deleteOwnDocument(userId: number, documentId: number) {
    const row = await db
      .from('documents')
      .where('id', documentId)
      .where('owner_id', userId)
      .select('visibility')
      .first()
    const deleted = await this.catalog.deleteMyDocument(userId, documentId, this.storage)
    if (deleted && row?.visibility === 'public') await this.sitemaps.rowLeftPublic('documents', documentId)
    return deleted
  }
}
