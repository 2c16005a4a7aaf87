import type StructuredNote from '#models/structured_note'
import type StructuredNoteReference from '#models/structured_note_reference'
import type StructuredNoteCanvasItem from '#models/structured_note_canvas_item'
import { iso } from '#transformers/iso'
import type { AccessState, CanvasJson, NoteJson, ReferenceJson } from '#shared/api/notes'

export type { CanvasJson, NoteJson, ReferenceJson }

export function canvasJson(item: StructuredNoteCanvasItem | null | undefined): CanvasJson | null {
  if (!item) return null
  return {
    x: Number(item.x),
    y: Number(item.y),
    width: Number(item.width),
    height: Number(item.height),
    group_label: item.groupLabel ?? null,
  }
}

/** A reference never carries the target's text: referencing grants no access (docs/rules/notes.md#notes). */
export function referenceJson(reference: StructuredNoteReference, accessState: AccessState): ReferenceJson {
  const targetId = reference.targetId
  return {
    id: String(reference.id),
    note_id: String(reference.noteId),
    target_type: reference.targetType,
    target_id: targetId === null || targetId === undefined ? null : String(targetId),
    // docs/rules/notes.md#notes: a deleted target nulls every target column, the slug included (the id column
    // is nulled by its foreign key, so a null id means the target is gone).
    target_slug: targetId === null || targetId === undefined ? null : reference.targetSlug,
    target_title: reference.targetTitle,
    context: reference.context,
    order: Number(reference.position),
    date: reference.refDate,
    status: reference.status,
    archived_at: iso(reference.archivedAt),
    access_state_snapshot: reference.accessStateSnapshot,
    access_state: accessState,
    created_at: iso(reference.createdAt),
    updated_at: iso(reference.updatedAt),
  }
}

export function noteJson(
  note: StructuredNote,
  references: ReferenceJson[],
  canvas: StructuredNoteCanvasItem | null | undefined
): NoteJson {
  return {
    id: String(note.id),
    title: note.title,
    body: note.body ?? '',
    status: note.status,
    deadline_at: iso(note.deadlineAt),
    reminder_at: iso(note.reminderAt),
    deleted_at: iso(note.deletedAt),
    canvas: canvasJson(canvas),
    references,
    created_at: iso(note.createdAt),
    updated_at: iso(note.updatedAt),
  }
}
