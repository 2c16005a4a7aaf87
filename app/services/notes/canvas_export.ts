import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import StructuredNoteCanvasItem from '#models/structured_note_canvas_item'
import { CARD_TEXT_MAX } from '#services/notes/canvas_card_text'

/** Notes whose bodies are read (and written out) between two turns of the event loop. */
const EXPORT_PAGE = 50
/** The most notes one export holds. */
export const EXPORT_MAX = 2000

/** The most bytes of JSON one UTF-16 unit of card text takes in the export (see CANVAS_EXPORT_MAX_BYTES). */
const BYTES_PER_UNIT = 3
const GROUP_LABEL_MAX = 60
/** The longest node without its text or label: every number at its widest. */
const NODE_SKELETON =
  JSON.stringify({
    id: 'group-2147483647',
    type: 'group',
    x: -1000000,
    y: -1000000,
    width: 1000000,
    height: 1000000,
    text: '',
  }).length + 1

/**
 * The largest export in bytes: `EXPORT_MAX` cards of `CARD_TEXT_MAX` units and as many group nodes (a group needs
 * a card), each unit at most 3 bytes in the JSON (a character of the Basic Multilingual Plane is 3 bytes of UTF-8,
 * a surrogate pair 4 bytes for 2 units, `"` and `\` 2 bytes). The import's body limit is this bound, so whatever
 * the export writes can be imported again (docs/decisions/notes.md). Not covered: text made mostly of C0 control
 * characters, which JSON writes as 6-byte `\u00XX` escapes.
 */
export const CANVAS_EXPORT_MAX_BYTES =
  '{"nodes":[],"edges":[]}'.length +
  EXPORT_MAX * (NODE_SKELETON + BYTES_PER_UNIT * CARD_TEXT_MAX) +
  EXPORT_MAX * (NODE_SKELETON + BYTES_PER_UNIT * GROUP_LABEL_MAX)
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

type Box = { x: number; y: number; width: number; height: number }

/**
 * The JSON Canvas 1.0 export as chunks of text (docs/decisions/notes.md): positions and groups
 * first, from the canvas rows alone; then the notes' text, `EXPORT_PAGE` bodies per query with a
 * turn of the event loop between pages. 2,000 notes at the body limit are 100 MB: built as one
 * string it held the process for seconds.
 */
export async function* canvasExportChunks(user: User, placement: (index: number) => Box): AsyncGenerator<string> {
  const rows = await db
    .from('structured_notes')
    .where('user_id', user.id)
    .where('status', 'active')
    .orderBy('id', 'asc')
    .limit(EXPORT_MAX)
    .select('id')
  const ids: number[] = rows.map((row) => Number(row.id))
  const items = ids.length ? await StructuredNoteCanvasItem.query().whereIn('note_id', ids) : []
  const byNote = new Map(items.map((i) => [i.noteId, i]))
  const boxes = new Map<number, Box>()
  const groups = new Map<string, { x1: number; y1: number; x2: number; y2: number }>()
  ids.forEach((id, index) => {
    const item = byNote.get(id)
    const raw = item ? { x: item.x, y: item.y, width: item.width, height: item.height } : placement(index)
    const box = {
      x: Math.round(raw.x),
      y: Math.round(raw.y),
      width: Math.round(raw.width),
      height: Math.round(raw.height),
    }
    boxes.set(id, box)
    const label = item?.groupLabel
    if (label) {
      const g = groups.get(label) ?? { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity }
      g.x1 = Math.min(g.x1, box.x)
      g.y1 = Math.min(g.y1, box.y)
      g.x2 = Math.max(g.x2, box.x + box.width)
      g.y2 = Math.max(g.y2, box.y + box.height)
      groups.set(label, g)
    }
  })
  let first = true
  const entry = (node: unknown) => {
    const text = (first ? '' : ',') + JSON.stringify(node)
    first = false
    return text
  }
  yield '{"nodes":['
  // Groups first so they render beneath their cards (JSON Canvas z-order is array order).
  let g = 0
  for (const [label, b] of groups) {
    const group = { id: `group-${++g}`, type: 'group', x: b.x1 - 20, y: b.y1 - 40 }
    yield entry({ ...group, width: b.x2 - b.x1 + 40, height: b.y2 - b.y1 + 60, label })
  }
  for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
    if (start > 0) await nextTurn()
    const page = ids.slice(start, start + EXPORT_PAGE)
    const notes = await db
      .from('structured_notes')
      .whereIn('id', page)
      .orderBy('id', 'asc')
      .select('id', 'title', 'body')
    for (const note of notes) {
      const box = boxes.get(Number(note.id))!
      const text = note.body ? `# ${note.title}\n\n${note.body}` : `# ${note.title}`
      yield entry({ id: `note-${note.id}`, type: 'text', ...box, text })
    }
  }
  yield '],"edges":[]}'
}
