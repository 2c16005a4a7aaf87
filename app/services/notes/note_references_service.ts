import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type StructuredNote from '#models/structured_note'
import StructuredNoteReference, { type AccessState, type ReferenceTargetType } from '#models/structured_note_reference'
import Document from '#models/document'
import Course from '#models/course'
import Institution from '#models/institution'
import {
  ReferenceNotFoundError,
  ReferenceTargetNotFoundError,
  ReferenceTargetRequiredError,
} from '#exceptions/notes_errors'
import { referenceJson, type ReferenceJson } from '#transformers/notes'
import { NoteSearchService } from '#services/notes/note_search_service'
import { touchNote } from '#services/notes/note_writes'
import { parseRowId } from '#validators/request_input'

export type ReferenceInput = {
  target_type: ReferenceTargetType
  target_id?: number | string
  target_slug?: string
  context?: string | null
  date?: string | null
  order?: number
}

export type UpdateReferenceInput = {
  context?: string | null
  order?: number
  date?: string | null
  status?: 'active' | 'archived'
  archived?: boolean
}

export type ResolvedTarget = {
  type: ReferenceTargetType
  id: number
  slug: string
  title: string
  access: AccessState
}

/**
 * References of a note (docs/rules/notes.md#notes): what a note points at, the access state the
 * target had when referenced and the one it has now. The caller passes a note it owns.
 */
@inject()
export class NoteReferencesService {
  constructor(private search: NoteSearchService) {}

  async add(user: User, note: StructuredNote, input: ReferenceInput): Promise<ReferenceJson> {
    const target = await this.resolveTarget(user, input)
    let order = input.order
    if (order === undefined) {
      const row = await db.from('structured_note_references').where('note_id', note.id).max('position as max').first()
      order = row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1
    }
    const reference = await db.transaction(async (trx) => {
      const created = await StructuredNoteReference.create(this.attributes(note.id, target, input, order), {
        client: trx,
      })
      await touchNote(note, trx)
      await this.search.refreshSearchText(note, trx)
      return created
    })
    return this.toJson(note, reference)
  }

  async update(note: StructuredNote, referenceId: number, input: UpdateReferenceInput): Promise<ReferenceJson> {
    const reference = await this.find(note, referenceId)
    if (input.context !== undefined) reference.context = input.context
    if (input.order !== undefined) reference.position = input.order
    if (input.date !== undefined) reference.refDate = input.date
    let archive: boolean | undefined
    if (input.status !== undefined) archive = input.status === 'archived'
    if (input.archived !== undefined) archive = input.archived
    if (archive === true && reference.status !== 'archived') {
      reference.status = 'archived'
      reference.archivedAt = DateTime.utc()
    } else if (archive === false && reference.status !== 'active') {
      reference.status = 'active'
      reference.archivedAt = null
    }
    reference.updatedAt = DateTime.utc()
    await db.transaction(async (trx) => {
      await reference.useTransaction(trx).save()
      await touchNote(note, trx)
      await this.search.refreshSearchText(note, trx)
    })
    return this.toJson(note, reference)
  }

  /** Reference delete archives (docs/rules/notes.md#notes): archived_at set, the row stays. */
  async archive(note: StructuredNote, referenceId: number): Promise<ReferenceJson> {
    const reference = await this.find(note, referenceId)
    if (reference.status !== 'archived' || !reference.archivedAt) {
      reference.status = 'archived'
      reference.archivedAt = DateTime.utc()
      await db.transaction(async (trx) => {
        await reference.useTransaction(trx).save()
        await touchNote(note, trx)
      })
    }
    return this.toJson(note, reference)
  }

  private async find(note: StructuredNote, referenceId: number) {
    const reference = await StructuredNoteReference.query().where('id', referenceId).where('note_id', note.id).first()
    if (!reference) throw new ReferenceNotFoundError()
    return reference
  }

  attributes(noteId: number, target: ResolvedTarget, input: ReferenceInput, order: number) {
    return {
      noteId,
      targetType: target.type,
      documentId: target.type === 'document' ? target.id : null,
      courseId: target.type === 'course' ? target.id : null,
      institutionId: target.type === 'institution' ? target.id : null,
      targetSlug: target.slug,
      targetTitle: target.title,
      context: input.context ?? null,
      position: order,
      refDate: input.date ?? null,
      status: 'active' as const,
      archivedAt: null,
      accessStateSnapshot: target.access,
    }
  }

  /** Finds the target by id or slug; private targets of other users are "missing" (404). */
  async resolveTarget(user: User, input: ReferenceInput): Promise<ResolvedTarget> {
    const hasId = input.target_id !== undefined && input.target_id !== null && String(input.target_id) !== ''
    const hasSlug = typeof input.target_slug === 'string' && input.target_slug.length > 0
    if (!hasId && !hasSlug) throw new ReferenceTargetRequiredError()
    const notFound = () => new ReferenceTargetNotFoundError(input.target_type)
    // A body id the id column cannot hold names no row: "target missing" (docs/rules/notes.md#notes).
    const id = hasId ? parseRowId(input.target_id) : null
    if (hasId && id === null) throw notFound()

    if (input.target_type === 'document') {
      const doc = hasId ? await Document.find(id!) : await Document.findBy('slug', input.target_slug!)
      if (!doc || (doc.visibility === 'private' && doc.ownerId !== user.id)) throw notFound()
      return { type: 'document', id: doc.id, slug: doc.slug, title: doc.title, access: doc.accessLevel }
    }
    if (input.target_type === 'course') {
      const course = hasId ? await Course.find(id!) : await Course.findBy('slug', input.target_slug!)
      if (!course || (course.visibility === 'private' && course.ownerId !== user.id)) throw notFound()
      return { type: 'course', id: course.id, slug: course.slug, title: course.title, access: 'free' }
    }
    const institution = hasId ? await Institution.find(id!) : await Institution.findBy('slug', input.target_slug!)
    if (!institution || institution.visibility === 'private') throw notFound()
    return { type: 'institution', id: institution.id, slug: institution.slug, title: institution.name, access: 'free' }
  }

  private async toJson(note: StructuredNote, reference: StructuredNoteReference): Promise<ReferenceJson> {
    const states = await this.liveStates([reference], () => note.userId)
    return referenceJson(reference, states.get(reference.id) ?? 'unavailable')
  }

  /** The references of these notes, in order, as they leave the server (live access states). */
  async jsonByNote(notes: StructuredNote[]): Promise<Map<number, ReferenceJson[]>> {
    const readers = new Map(notes.map((n) => [n.id, n.userId]))
    const references = await StructuredNoteReference.query()
      .whereIn('note_id', [...readers.keys()])
      .orderBy('position', 'asc')
      .orderBy('id', 'asc')
    const states = await this.liveStates(references, (r) => readers.get(r.noteId)!)
    const byNote = new Map<number, ReferenceJson[]>()
    for (const r of references) {
      const list = byNote.get(r.noteId) ?? []
      list.push(referenceJson(r, states.get(r.id) ?? 'unavailable'))
      byNote.set(r.noteId, list)
    }
    return byNote
  }

  /**
   * Live access state per reference, for the note's owner (`readerOf`): the document's current level; a target
   * that is gone, or that its owner has since made private, is unavailable (it could not be referenced now).
   */
  private async liveStates(
    references: StructuredNoteReference[],
    readerOf: (reference: StructuredNoteReference) => number
  ) {
    const out = new Map<number, AccessState>()
    const docIds = references.filter((r) => r.targetType === 'document' && r.documentId).map((r) => r.documentId!)
    const courseIds = references.filter((r) => r.targetType === 'course' && r.courseId).map((r) => r.courseId!)
    const instIds = references
      .filter((r) => r.targetType === 'institution' && r.institutionId)
      .map((r) => r.institutionId!)
    const owned = ['id', 'visibility', 'owner_id']
    const docs = docIds.length
      ? await db
          .from('documents')
          .whereIn('id', docIds)
          .select([...owned, 'access_level'])
      : []
    const courses = courseIds.length ? await db.from('courses').whereIn('id', courseIds).select(owned) : []
    const insts = instIds.length ? await db.from('institutions').whereIn('id', instIds).select('id', 'visibility') : []
    const byId = (rows: any[]) => new Map<number, any>(rows.map((row) => [Number(row.id), row]))
    const [docRows, courseRows, instRows] = [byId(docs), byId(courses), byId(insts)]
    // As `resolveTarget`: a private document or course is its owner's alone, a private institution nobody's.
    const open = (row: any, reader: number) => row && (row.visibility !== 'private' || Number(row.owner_id) === reader)
    for (const r of references) {
      const reader = readerOf(r)
      let state: AccessState = 'unavailable'
      const doc = r.targetType === 'document' && r.documentId ? docRows.get(r.documentId) : null
      if (open(doc, reader)) state = doc.access_level as AccessState
      if (r.targetType === 'course' && r.courseId && open(courseRows.get(r.courseId), reader)) state = 'free'
      if (r.targetType === 'institution' && r.institutionId && open(instRows.get(r.institutionId), reader)) {
        state = 'free'
      }
      out.set(r.id, state)
    }
    return out
  }
}
