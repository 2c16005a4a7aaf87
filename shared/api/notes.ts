/*
| The notes API shapes (docs/rules/notes.md#notes), types only: the server's transformer returns them and the
| pages read them, so the two cannot drift apart. Nothing here may import server code.
*/
export type AccessState = 'free' | 'paid' | 'premium' | 'locked' | 'unavailable'

export type CanvasJson = { x: number; y: number; width: number; height: number; group_label: string | null }

export type ReferenceJson = {
  id: string
  note_id: string
  target_type: 'document' | 'course' | 'institution'
  target_id: string | null
  target_slug: string | null
  target_title: string | null
  context: string | null
  order: number
  date: string | null
  status: 'active' | 'archived'
  archived_at: string | null
  access_state_snapshot: AccessState
  access_state: AccessState
  created_at: string | null
  updated_at: string | null
}

export type NoteJson = {
  id: string
  title: string
  body: string
  status: 'active' | 'archived' | 'deleted'
  deadline_at: string | null
  reminder_at: string | null
  deleted_at: string | null
  canvas: CanvasJson | null
  references: ReferenceJson[]
  created_at: string | null
  updated_at: string | null
}

/** GET /api/notes: a page of the owner's notes (docs/rules/hardening.md#json paginated list). */
export type NoteList = {
  data: NoteJson[]
  meta: { total: number; page: number; limit: number; last_page: number }
}
