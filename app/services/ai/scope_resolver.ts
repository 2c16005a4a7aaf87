import { aiConfig } from '#config/ai'
import Document from '#models/document'
import DocumentChunk from '#models/document_chunk'
import Course from '#models/course'
import {
  AiAccessDeniedError,
  AiResourceNotFoundError,
  AiScopeEmptyError,
  AiScopeInvalidError,
} from '#exceptions/ai_errors'
import type { AiScope } from '#models/ai_json'
import type { Passage } from '#services/ai/engine'
import { MAX_ROW_ID, parsePositiveInteger } from '#validators/request_input'
import { splitSentences } from '#services/ai/nlp'
import { cutAtCharacter } from '#shared/text'
import { unpackVectors } from '#services/ai/embeddings/vector_blob'
import { embeddingQueue } from '#services/ai/embeddings/embedding_queue'

export type ScopeInput = {
  documentId?: string | number | null
  scope?: { document_ids?: (string | number)[] | null; course_id?: string | number | null } | null
}

export type ResolvedScope = { scope: AiScope; passages: Passage[]; documents: Document[] }

export function maxTotalCharacters() {
  return aiConfig.maxTotalCharacters
}

/**
 * What a caller may feed to an AI tool (docs/rules/ai.md#scope): only documents they own. A foreign
 * document or course is 403 whatever its visibility, so a public catalog document is uploaded or
 * added to the caller's own course, not fed directly.
 */
export function canUseDocument(userId: number, document: Document) {
  return document.ownerId === userId
}

/** Whether the caller can read a document in full: their own, or a public one whose access level is `free`. */
export function canReadInFull(userId: number, document: Document) {
  return document.ownerId === userId || (document.visibility === 'public' && document.accessLevel === 'free')
}

/**
 * Scope resolution (docs/rules/ai.md#tools): no scope at all → 400; a
 * missing document or course → 404; one the caller may not use → 403; a scope with no text
 * (no chunks, course with zero documents) → 422. Text is capped at MAX_TOTAL_CHARACTERS,
 * in document order then chunk order, unless `uncapped` (Q&A ranks every chunk and caps its
 * read-out instead). Documents without text are skipped.
 */
export async function resolveScope(
  userId: number,
  input: ScopeInput,
  options: { allowEmpty?: boolean; uncapped?: boolean; encoderId?: string } = {}
): Promise<ResolvedScope> {
  const encoderId = options.encoderId ?? null
  // Only Q&A ranks by meaning, so only Q&A (which names its encoder) reads vectors and queues documents.
  const rawIds =
    input.documentId !== undefined && input.documentId !== null ? [input.documentId] : (input.scope?.document_ids ?? [])
  const rawCourse = input.documentId ? null : (input.scope?.course_id ?? null)
  if (rawIds.length === 0 && (rawCourse === null || rawCourse === undefined || rawCourse === '')) {
    if (options.allowEmpty) return { scope: { document_ids: [], course_id: null }, passages: [], documents: [] }
    throw new AiScopeInvalidError(
      'Choose at least one document or a course (documentId or scope.document_ids / scope.course_id).',
      'scope',
      'required',
      'A document or course scope is required'
    )
  }
  const ids: number[] = []
  for (const raw of rawIds) {
    const id = parsePositiveInteger(raw)
    if (id === null)
      throw new AiScopeInvalidError(
        'Document ids must be positive integers',
        'scope.document_ids',
        'number',
        'Invalid document id'
      )
    if (!ids.includes(id)) ids.push(id)
  }
  let courseId: number | null = null
  if (rawCourse !== null && rawCourse !== undefined && rawCourse !== '') {
    courseId = parsePositiveInteger(rawCourse)
    if (courseId === null)
      throw new AiScopeInvalidError(
        'course_id must be a positive integer',
        'scope.course_id',
        'number',
        'Invalid course id'
      )
  }

  const documents: Document[] = []
  if (ids.length) {
    const found = await Document.query().whereIn(
      'id',
      ids.filter((id) => id <= MAX_ROW_ID)
    )
    for (const id of ids) {
      const document = found.find((d) => d.id === id)
      if (!document) throw new AiResourceNotFoundError('Document')
      if (!canUseDocument(userId, document)) throw new AiAccessDeniedError('You do not have access to this document')
      documents.push(document)
    }
  }
  if (courseId !== null) {
    const course = courseId <= MAX_ROW_ID ? await Course.find(courseId) : null
    if (!course) throw new AiResourceNotFoundError('Course')
    if (course.ownerId !== userId) throw new AiAccessDeniedError('You do not have access to this course')
    const courseDocuments = await Document.query().where('course_id', courseId).orderBy('id', 'asc')
    // The caller's own course may hold catalog documents they added: those readable in full count.
    for (const document of courseDocuments) {
      if (!canReadInFull(userId, document)) continue
      if (!documents.some((d) => d.id === document.id)) documents.push(document)
    }
  }

  const scope: AiScope = {
    document_ids: documents.map((d) => String(d.id)),
    course_id: courseId === null ? null : String(courseId),
  }
  if (documents.length === 0)
    throw new AiScopeEmptyError('This scope has no content to work with yet: add a document with text first.')

  const order = new Map(documents.map((d, i) => [d.id, i]))
  // Vector blobs (tens of KB a chunk) are read only when an encoder will use them.
  const chunks = await DocumentChunk.query()
    .select(['document_id', 'chunk_index', 'content', ...(encoderId ? ['vectors', 'vectors_model'] : [])])
    .whereIn(
      'document_id',
      documents.map((d) => d.id)
    )
    .orderBy('document_id', 'asc')
    .orderBy('chunk_index', 'asc')
  chunks.sort((a, b) => order.get(a.documentId)! - order.get(b.documentId)! || a.chunkIndex - b.chunkIndex)

  // A document whose vectors are not ready keeps lexical ranking and is queued again (a restart loses the queue).
  if (encoderId)
    for (const d of documents)
      if (d.embeddingStatus === 'pending' && !embeddingQueue.has(d.id)) embeddingQueue.enqueue(d.id)
  const cap = options.uncapped ? Infinity : maxTotalCharacters()
  let total = 0
  const passages: Passage[] = []
  for (const chunk of chunks) {
    const text = chunk.content?.trim()
    if (!text) continue
    if (total >= cap) break
    const room = cap - total
    const piece = cutAtCharacter(text, room)
    if (!piece) break
    total += piece.length
    passages.push({
      document_id: String(chunk.documentId),
      document_title: documents[order.get(chunk.documentId)!].title,
      chunk_index: chunk.chunkIndex,
      text: piece,
      vectors:
        piece === text && chunk.vectorsModel === encoderId
          ? unpackVectors(chunk.vectors, splitSentences(text).length + 1)
          : null,
    })
  }
  if (passages.length === 0)
    throw new AiScopeEmptyError('This scope has no content to work with yet: the documents have no extracted text.')
  return { scope, passages, documents }
}
