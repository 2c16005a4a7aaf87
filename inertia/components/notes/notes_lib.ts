/** The notes API shapes (shared/api/notes.ts) and date helpers for the pickers. */
import type { AccessState, ReferenceJson } from '#shared/api/notes'
import { urlFor } from '~/client'

export type { AccessState, CanvasJson, NoteJson, NoteList, ReferenceJson } from '#shared/api/notes'

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

export const ACCESS_BADGE: Record<AccessState, string> = {
  free: 'bg-green-100 text-green-800',
  paid: 'bg-amber-100 text-amber-800',
  premium: 'bg-purple-100 text-purple-800',
  locked: 'bg-slate-200 text-slate-700',
  unavailable: 'bg-red-100 text-red-800',
}

export function targetHref(ref: ReferenceJson): string | null {
  if (!ref.target_slug || ref.access_state === 'unavailable') return null
  const slug = ref.target_slug
  if (ref.target_type === 'document') return urlFor('pages.documents.show', { slug })
  if (ref.target_type === 'course') return urlFor('pages.courses.show', { slug })
  return urlFor('pages.institutions.show', { slug })
}

/** The addresses of the notes pages (routes notes.index, notes.create, notes.show, notes.canvas). */
export const notesUrl = {
  index: (filters: NotesFilters = {}) => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value)
    const s = params.toString()
    return `${urlFor('notes.index')}${s ? `?${s}` : ''}`
  },
  create: () => urlFor('notes.create'),
  show: (id: string) => urlFor('notes.show', { id }),
  canvas: () => urlFor('notes.canvas'),
}

export { CARD_HEIGHT, CARD_WIDTH, placeAll } from '~/components/notes/canvas_place'
