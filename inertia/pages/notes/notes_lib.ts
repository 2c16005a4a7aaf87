/** Shapes of the notes API (app/transformers/notes.ts) and date helpers for the pickers. */
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

export type NotesList = {
  data: NoteJson[]
  meta: { total: number; page: number; limit: number; last_page: number }
}

export type NotesFilters = {
  page?: string
  limit?: string
  q?: string
  status?: string
  has_deadline?: string
  sort?: string
}

const pad = (n: number) => String(n).padStart(2, '0')

/** `2026-03-01T09:30` (local, from <input type="datetime-local">) → ISO with the local offset. */
export function localInputToIso(value: string): string | null {
  if (!value) return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  const offset = -date.getTimezoneOffset()
  const sign = offset >= 0 ? '+' : '-'
  const abs = Math.abs(offset)
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:00` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  )
}

/** ISO (UTC) → the value a datetime-local input shows in the browser's zone. */
export function isoToLocalInput(value: string | null): string {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

export function formatDateTime(value: string | null): string {
  if (!value) return ''
  const date = new Date(value)
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: (globalThis as any).window === undefined ? 'UTC' : undefined })
}

export const ACCESS_BADGE: Record<AccessState, string> = {
  free: 'bg-green-100 text-green-800',
  paid: 'bg-amber-100 text-amber-800',
  premium: 'bg-purple-100 text-purple-800',
  locked: 'bg-slate-200 text-slate-700',
  unavailable: 'bg-red-100 text-red-800',
}

export function targetHref(ref: ReferenceJson): string | null {
  if (!ref.target_slug || ref.access_state === 'unavailable') return null
  const base = ref.target_type === 'document' ? '/documents' : ref.target_type === 'course' ? '/courses' : '/institutions'
  return `${base}/${ref.target_slug}`
}
