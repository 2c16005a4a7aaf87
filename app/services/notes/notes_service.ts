import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import StructuredNote, { type NoteStatus } from '#models/structured_note'
import StructuredNoteReference from '#models/structured_note_reference'
import StructuredNoteCanvasItem from '#models/structured_note_canvas_item'
import { NoteNotFoundError } from '#exceptions/notes_errors'
import { noteJson, type NoteJson } from '#transformers/notes'
import { toUtc } from '#services/notes/db_time'
import { touchNote } from '#services/notes/note_writes'
import { NoteSearchService, type ListNotesInput } from '#services/notes/note_search_service'
import {
  NoteReferencesService,
  type ReferenceInput,
  type ResolvedTarget,
} from '#services/notes/note_references_service'
import { NotesCanvasService, type CanvasInput } from '#services/notes/notes_canvas_service'
import { cutAtCharacter } from '#shared/text'

/** What the list and canvas pages keep of a body (they show one to four lines of it). */
export const NOTE_BODY_PREVIEW = 500
/** Every column of a note but the body (read as a preview) and the search text. */
const PREVIEW_COLUMNS = [
  'id',
  'user_id',
  'title',
  'status',
  'deadline_at',
  'reminder_at',
  'reminder_sent_at',
  'deleted_at',
  'created_at',
  'updated_at',
]

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

/**
 * Structured notes (docs/rules/notes.md#notes): every read and write is scoped to the owner; a
 * foreign or missing note is 404 everywhere. References, search and the canvas have their
 * own services; this one creates, reads, edits and deletes notes and shapes them.
 */
@inject()
export class NotesService {
  constructor(
    private search: NoteSearchService,
    private references: NoteReferencesService,
    private canvas: NotesCanvasService
  ) {}

  async list(user: User, input: ListNotesInput) {
    const { ids, total, page, limit } = await this.search.findPage(user, input)
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
   * The list for the list and canvas pages, which show a line or four of each body: bodies are
   * cut to a preview, so 100 notes at the body limit make a page of kilobytes, not 5 MB rendered
   * in one turn of the event loop. A note's own page and the API keep the whole body.
   */
  async listPreviews(user: User, input: ListNotesInput) {
    const result = await this.list(user, input)
    const data = result.data.map((note) => ({ ...note, body: cutAtCharacter(note.body, NOTE_BODY_PREVIEW) }))
    return { ...result, data }
  }

  /**
   * The canvas page's notes: the oldest 500 active ones (the card grid fills in creation order),
   * each body read only up to its preview. One query of ids and short bodies: paging through the
   * list search read every whole body (2,000 notes at the limit held the process ~2 s).
   */
  async canvasNotes(user: User) {
    // The ids first: a sort over rows that carry the body preview would read every body.
    const oldest = db
      .from('structured_notes')
      .where('user_id', user.id)
      .where('status', 'active')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(500)
      .select('id')
    const notes = await StructuredNote.query()
      .whereIn('id', oldest)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .select(...PREVIEW_COLUMNS, db.raw('substr(body, 1, ?) as body', [NOTE_BODY_PREVIEW]))
    const data = await this.serializeMany(notes)
    return data.map((note) => ({ ...note, body: cutAtCharacter(note.body, NOTE_BODY_PREVIEW) }))
  }

  async create(user: User, input: CreateNoteInput): Promise<NoteJson> {
    const targets: Array<{ input: ReferenceInput; target: ResolvedTarget }> = []
    for (const ref of input.references ?? []) {
      targets.push({ input: ref, target: await this.references.resolveTarget(user, ref) })
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
        reference.fill(this.references.attributes(created.id, target, ref, ref.order ?? position))
        await reference.save()
        position++
      }
      if (input.canvas) await this.canvas.upsert(created.id, input.canvas, trx)
      await this.search.refreshSearchText(created, trx)
      return created
    })
    return this.show(user, note.id)
  }

  /** The caller's note with this id; a foreign or missing one is 404. */
  async findOwned(user: User, id: number) {
    const note = await StructuredNote.query().where('id', id).where('user_id', user.id).first()
    if (!note) throw new NoteNotFoundError()
    return note
  }

  async show(user: User, id: number): Promise<NoteJson> {
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
      await touchNote(note, trx)
      await this.search.refreshSearchText(note, trx)
    })
    return this.show(user, note.id)
  }

  /** Soft delete (docs/rules/notes.md#notes): status deleted and deleted_at; the row stays. */
  async softDelete(user: User, note: StructuredNote): Promise<NoteJson> {
    if (note.status !== 'deleted') {
      note.status = 'deleted'
      note.deletedAt = DateTime.utc()
      await touchNote(note)
    }
    return this.show(user, note.id)
  }

  /** Saves the note's canvas card and answers the note. */
  async updateCanvas(user: User, note: StructuredNote, input: CanvasInput): Promise<NoteJson> {
    await this.canvas.upsert(note.id, input)
    return this.show(user, note.id)
  }

  async serializeMany(notes: StructuredNote[]): Promise<NoteJson[]> {
    if (!notes.length) return []
    const ids = notes.map((n) => n.id)
    const refsByNote = await this.references.jsonByNote(notes)
    const canvases = await StructuredNoteCanvasItem.query().whereIn('note_id', ids)
    const canvasByNote = new Map(canvases.map((c) => [c.noteId, c]))
    return notes.map((n) => noteJson(n, refsByNote.get(n.id) ?? [], canvasByNote.get(n.id)))
  }
}
