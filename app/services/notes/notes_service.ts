import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ApiError } from '#exceptions/api_error'
import type User from '#models/user'
import StructuredNote, { type NoteStatus } from '#models/structured_note'
import StructuredNoteReference, { type AccessState, type ReferenceTargetType } from '#models/structured_note_reference'
import StructuredNoteCanvasItem from '#models/structured_note_canvas_item'
import Document from '#models/document'
import Course from '#models/course'
import Institution from '#models/institution'
import { noteJson, referenceJson, type NoteJson, type ReferenceJson } from '#transformers/notes'
import { toUtc } from '#services/notes/db_time'
import { parseRowId } from '#validators/request_input'

export type CanvasInput = { x: number; y: number; width: number; height: number; group_label?: string | null }

export type ReferenceInput = {
  target_type: ReferenceTargetType
  target_id?: number | string
  target_slug?: string
  context?: string | null
  date?: string | null
  order?: number
}

export type CreateNoteInput = {
  title: string
  body?: string | null
  deadline_at?: string | null
  reminder_at?: string | null
  references?: ReferenceInput[]
  canvas?: CanvasInput
}

export type UpdateNoteInput = {
  title?: string
  body?: string | null
  status?: NoteStatus
  deadline_at?: string | null
  reminder_at?: string | null
}

export type UpdateReferenceInput = {
  context?: string | null
  order?: number
  date?: string | null
  status?: 'active' | 'archived'
  archived?: boolean
}

export type ListNotesInput = {
  page?: number
  limit?: number
  q?: string
  status?: NoteStatus
  has_deadline?: 'true' | 'false'
  sort?: string
}

type ResolvedTarget = {
  type: ReferenceTargetType
  id: number
  slug: string
  title: string
  access: AccessState
}


/** Escapes LIKE wildcards (used with ESCAPE '\'). */
function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** What `q` searches (stored lowercased): the title, the body and every reference's context. */
export function searchTextOf(title: string, body: string | null, contexts: string[] = []) {
  return [title, body ?? '', ...contexts].join('\n').toLowerCase()
}

/**
 * Structured notes (SPEC E, CONTRACT 7): every read and write is scoped to the owner; a
 * foreign or missing note is 404 everywhere.
 */
export class NotesService {
  /* ---------------------------------------------------------------- notes */

  async list(user: User, input: ListNotesInput) {
    const page = input.page ?? 1
    const limit = input.limit ?? 20
    const status = input.status ?? 'active'
    const sort = input.sort ?? '-updated_at'

    const own = db.from('structured_notes').where('user_id', user.id).where('status', status)
    if (input.has_deadline === 'true') own.whereNotNull('deadline_at')
    if (input.has_deadline === 'false') own.whereNull('deadline_at')

    const q = (input.q ?? '').trim().toLowerCase()
    if (q) this.applySearch(own, q)
    // PostgreSQL plans `ORDER BY … LIMIT` with the window count as if the scan could stop
    // early and walks the owner's whole (user_id, status, updated_at) range, filtering the
    // text row by row. Materializing the matches first lets it use the trigram index (which
    // needs three characters; a shorter q matches most notes and the ordered walk is right).
    const query =
      q.length >= 3 && db.connection().dialect.name === 'postgres'
        ? db
            .query()
            .withMaterialized('matches', own.select('id', 'title', 'created_at', 'updated_at', 'deadline_at'))
            .from('matches')
        : own
    const countQuery = query.clone()

    const desc = sort.startsWith('-')
    const column = desc ? sort.slice(1) : sort
    const direction = desc ? 'desc' : 'asc'
    if (column === 'deadline_at') {
      query.orderByRaw(`(deadline_at IS NULL) ASC, deadline_at ${direction}`)
    } else if (column === 'title') {
      query.orderByRaw(`LOWER(title) ${direction}`)
    } else {
      query.orderBy(column, direction)
    }
    query.orderBy('id', direction)

    // One pass: the page and the total (window count) together; a page past the end
    // has no row to carry the total, so it is counted separately.
    const rows = await query
      .select('id', db.raw('COUNT(*) OVER () AS total_count'))
      .offset((page - 1) * limit)
      .limit(limit)
    let total = rows.length ? Number(rows[0].total_count) : 0
    if (!rows.length && page > 1) {
      const countRow = await countQuery.count('* as total').first()
      total = Number(countRow?.total ?? 0)
    }
    const ids = rows.map((r: any) => Number(r.id))
    const notes = ids.length ? await StructuredNote.query().whereIn('id', ids) : []
    const byId = new Map(notes.map((n) => [n.id, n]))
    const ordered = ids.map((id) => byId.get(id)!).filter(Boolean)
    const data = await this.serializeMany(ordered)
    return {
      data,
      meta: { total, page, limit, last_page: Math.max(1, Math.ceil(total / limit)) },
    }
  }

  /**
   * `q`: a case-insensitive substring of title, body or reference context (search_text is
   * stored lowercased). PostgreSQL: LIKE served by the (user_id, search_text) GIN trigram
   * index, which intersects the caller's notes with the matches. SQLite: instr()
   * over the caller's notes only, read from the covering (user_id, status, updated_at,
   * search_text) index — bounded by one user's notes whatever the table size (a global
   * FTS5 trigram index measured 20-40x slower for common terms, docs/decisions/notes.md).
   */
  private applySearch(query: any, q: string) {
    if (db.connection().dialect.name === 'postgres') {
      query.whereRaw(`search_text LIKE ? ESCAPE '\\'`, [likePattern(q)])
      return
    }
    query.whereRaw('instr(search_text, ?) > 0', [q])
  }

  async create(user: User, input: CreateNoteInput): Promise<NoteJson> {
    const targets: Array<{ input: ReferenceInput; target: ResolvedTarget }> = []
    for (const ref of input.references ?? []) {
      targets.push({ input: ref, target: await this.resolveTarget(user, ref) })
    }
    const note = await db.transaction(async (trx) => {
      const created = new StructuredNote().useTransaction(trx)
      created.fill({
        userId: user.id,
        title: input.title.trim(),
        body: input.body ?? '',
        status: 'active',
        deadlineAt: toUtc(input.deadline_at) ?? null,
        reminderAt: toUtc(input.reminder_at) ?? null,
        reminderSentAt: null,
        deletedAt: null,
        searchText: '',
      })
      await created.save()
      let position = 0
      for (const { input: ref, target } of targets) {
        const reference = new StructuredNoteReference().useTransaction(trx)
        reference.fill(this.referenceAttributes(created.id, target, ref, ref.order ?? position))
        await reference.save()
        position++
      }
      if (input.canvas) {
        const item = new StructuredNoteCanvasItem().useTransaction(trx)
        item.fill({
          noteId: created.id,
          x: input.canvas.x,
          y: input.canvas.y,
          width: input.canvas.width,
          height: input.canvas.height,
          groupLabel: input.canvas.group_label?.trim() || null,
        })
        await item.save()
      }
      await this.refreshSearchText(created, trx)
      return created
    })
    return this.show(user, note.id)
  }

  async findOwned(user: User, id: string | number) {
    const numeric = parseRowId(id)
    if (numeric === null) throw ApiError.notFound('Note not found')
    const note = await StructuredNote.query().where('id', numeric).where('user_id', user.id).first()
    if (!note) throw ApiError.notFound('Note not found')
    return note
  }

  async show(user: User, id: string | number): Promise<NoteJson> {
    const note = await this.findOwned(user, id)
    const [json] = await this.serializeMany([note])
    return json
  }

  /**
   * The write methods below take the note the controller already found with `findOwned`
   * (ownership answers 404 before validation answers 400), so it is read once; the answer
   * is read back (`show`) so its timestamps are the stored ones.
   */
  async update(user: User, note: StructuredNote, input: UpdateNoteInput): Promise<NoteJson> {
    if (input.title !== undefined) note.title = input.title.trim()
    if (input.body !== undefined) note.body = input.body ?? ''
    if (input.deadline_at !== undefined) note.deadlineAt = toUtc(input.deadline_at) ?? null
    if (input.reminder_at !== undefined) {
      const next = toUtc(input.reminder_at) ?? null
      const changed = (next?.toMillis() ?? null) !== (note.reminderAt?.toMillis() ?? null)
      note.reminderAt = next
      if (changed) note.reminderSentAt = null
    }
    if (input.status !== undefined && input.status !== note.status) {
      note.status = input.status
      note.deletedAt = input.status === 'deleted' ? DateTime.utc() : null
    }
    await db.transaction(async (trx) => {
      await this.touch(note, trx)
      await this.refreshSearchText(note, trx)
    })
    return this.show(user, note.id)
  }

  /** Soft delete (SPEC E): status deleted and deleted_at; the row stays. */
  async softDelete(user: User, id: string): Promise<NoteJson> {
    const note = await this.findOwned(user, id)
    if (note.status !== 'deleted') {
      note.status = 'deleted'
      note.deletedAt = DateTime.utc()
      await this.touch(note)
    }
    return this.show(user, note.id)
  }

  /* ----------------------------------------------------------- references */

  async addReference(user: User, note: StructuredNote, input: ReferenceInput): Promise<ReferenceJson> {
    const target = await this.resolveTarget(user, input)
    let order = input.order
    if (order === undefined) {
      const row = await db.from('structured_note_references').where('note_id', note.id).max('position as max').first()
      order = row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1
    }
    const reference = await db.transaction(async (trx) => {
      const created = await StructuredNoteReference.create(this.referenceAttributes(note.id, target, input, order), { client: trx })
      await this.touch(note, trx)
      await this.refreshSearchText(note, trx)
      return created
    })
    return this.referenceOut(reference)
  }

  async updateReference(note: StructuredNote, referenceId: string, input: UpdateReferenceInput): Promise<ReferenceJson> {
    const reference = await this.findReference(note, referenceId)
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
      await this.touch(note, trx)
      await this.refreshSearchText(note, trx)
    })
    return this.referenceOut(reference)
  }

  /** Reference delete archives (SPEC E): archived_at set, the row stays. */
  async archiveReference(user: User, noteId: string, referenceId: string): Promise<ReferenceJson> {
    const note = await this.findOwned(user, noteId)
    const reference = await this.findReference(note, referenceId)
    if (reference.status !== 'archived' || !reference.archivedAt) {
      reference.status = 'archived'
      reference.archivedAt = DateTime.utc()
      await db.transaction(async (trx) => {
        await reference.useTransaction(trx).save()
        await this.touch(note, trx)
      })
    }
    return this.referenceOut(reference)
  }

  private async findReference(note: StructuredNote, referenceId: string) {
    const id = parseRowId(referenceId)
    if (id === null) throw ApiError.notFound('Reference not found')
    const reference = await StructuredNoteReference.query()
      .where('id', id)
      .where('note_id', note.id)
      .first()
    if (!reference) throw ApiError.notFound('Reference not found')
    return reference
  }

  /* --------------------------------------------------------------- canvas */

  async updateCanvas(user: User, note: StructuredNote, input: CanvasInput): Promise<NoteJson> {
    await this.upsertCanvas(note.id, input)
    return this.show(user, note.id)
  }

  async upsertCanvas(noteId: number, input: CanvasInput, trx?: TransactionClientContract) {
    const existing = await StructuredNoteCanvasItem.query({ client: trx }).where('note_id', noteId).first()
    const item = existing ?? new StructuredNoteCanvasItem()
    if (trx) item.useTransaction(trx)
    item.noteId = noteId
    item.x = input.x
    item.y = input.y
    item.width = input.width
    item.height = input.height
    if (input.group_label !== undefined) item.groupLabel = input.group_label?.trim() || null
    await item.save()
    return item
  }

  /* ------------------------------------------------------------- helpers */

  private async touch(note: StructuredNote, trx?: TransactionClientContract) {
    note.updatedAt = DateTime.utc()
    if (trx) note.useTransaction(trx)
    await note.save()
  }

  private referenceAttributes(noteId: number, target: ResolvedTarget, input: ReferenceInput, order: number) {
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
    if (!hasId && !hasSlug) {
      throw ApiError.badRequest('target_id or target_slug is required', undefined, [
        { field: 'target_id', rule: 'required', message: 'target_id or target_slug is required' },
      ])
    }
    const notFound = () => ApiError.notFound(`The ${input.target_type} to reference was not found`)
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

  /** Recomputes the lowercased search text: title, body and every reference's context. */
  async refreshSearchText(note: StructuredNote, trx?: TransactionClientContract) {
    const refs = await db
      .from('structured_note_references')
      .if(trx, (q) => q.useTransaction(trx!))
      .where('note_id', note.id)
      .whereNotNull('context')
      .orderBy('position')
      .select('context')
    const text = searchTextOf(note.title, note.body, refs.map((r: any) => r.context as string))
    if (text !== note.searchText) {
      await db
        .from('structured_notes')
        .if(trx, (q) => q.useTransaction(trx!))
        .where('id', note.id)
        .update({ search_text: text })
      note.searchText = text
    }
  }

  private async referenceOut(reference: StructuredNoteReference): Promise<ReferenceJson> {
    const states = await this.liveStates([reference])
    return referenceJson(reference, states.get(reference.id) ?? 'unavailable')
  }

  /** Live access state per reference: the document's current level; gone → unavailable. */
  private async liveStates(references: StructuredNoteReference[]) {
    const out = new Map<number, AccessState>()
    const docIds = references.filter((r) => r.targetType === 'document' && r.documentId).map((r) => r.documentId!)
    const courseIds = references.filter((r) => r.targetType === 'course' && r.courseId).map((r) => r.courseId!)
    const instIds = references.filter((r) => r.targetType === 'institution' && r.institutionId).map((r) => r.institutionId!)
    const docs = docIds.length ? await db.from('documents').whereIn('id', docIds).select('id', 'access_level') : []
    const courses = courseIds.length ? await db.from('courses').whereIn('id', courseIds).select('id') : []
    const insts = instIds.length ? await db.from('institutions').whereIn('id', instIds).select('id') : []
    const docLevel = new Map(docs.map((d: any) => [Number(d.id), d.access_level as AccessState]))
    const courseSet = new Set(courses.map((c: any) => Number(c.id)))
    const instSet = new Set(insts.map((i: any) => Number(i.id)))
    for (const r of references) {
      let state: AccessState = 'unavailable'
      if (r.targetType === 'document' && r.documentId) state = docLevel.get(r.documentId) ?? 'unavailable'
      if (r.targetType === 'course' && r.courseId && courseSet.has(r.courseId)) state = 'free'
      if (r.targetType === 'institution' && r.institutionId && instSet.has(r.institutionId)) state = 'free'
      out.set(r.id, state)
    }
    return out
  }

  async serializeMany(notes: StructuredNote[]): Promise<NoteJson[]> {
    if (!notes.length) return []
    const ids = notes.map((n) => n.id)
    const references = await StructuredNoteReference.query().whereIn('note_id', ids).orderBy('position', 'asc').orderBy('id', 'asc')
    const canvases = await StructuredNoteCanvasItem.query().whereIn('note_id', ids)
    const states = await this.liveStates(references)
    const refsByNote = new Map<number, ReferenceJson[]>()
    for (const r of references) {
      const list = refsByNote.get(r.noteId) ?? []
      list.push(referenceJson(r, states.get(r.id) ?? 'unavailable'))
      refsByNote.set(r.noteId, list)
    }
    const canvasByNote = new Map(canvases.map((c) => [c.noteId, c]))
    return notes.map((n) => noteJson(n, refsByNote.get(n.id) ?? [], canvasByNote.get(n.id)))
  }
}
