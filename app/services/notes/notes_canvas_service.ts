import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { CanvasNodeOutOfBoundsError } from '#exceptions/notes_errors'
import type User from '#models/user'
import StructuredNote from '#models/structured_note'
import StructuredNoteCanvasItem from '#models/structured_note_canvas_item'
import { searchTextOf } from '#services/notes/note_search_service'
import { noteFromCard } from '#services/notes/canvas_card_text'
import { canvasExportChunks } from '#services/notes/canvas_export'
import { isUniqueViolation } from '#services/database/unique_violation'

export type CanvasInput = { x: number; y: number; width: number; height: number; group_label?: string | null }

type JsonCanvasNode = {
  id: string
  type: string
  x: number
  y: number
  width: number
  height: number
  text?: string
  label?: string
}

/** Cards imported between two turns of the event loop. */
const IMPORT_SLICE = 50
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

const DEFAULT_W = 260
const DEFAULT_H = 180

/** Cards per column of the default grid: 400 rows keep every card within y ≤ 100,000 (the canvas bounds). */
const GRID_COLUMNS = 4
const GRID_ROWS = 400

/**
 * Where a note without a saved layout appears: a grid 4 cards wide; past 400 rows (1,600 notes) the next
 * 1,600 continue in a grid to its right. One grid 4 wide put note 1,820 below y = 100,000, outside the bounds
 * the import enforces, so an export of 2,000 notes without layouts could not be imported again.
 */
export function defaultPlacement(index: number) {
  const block = Math.floor(index / (GRID_COLUMNS * GRID_ROWS))
  const within = index % (GRID_COLUMNS * GRID_ROWS)
  return {
    x: (block * GRID_COLUMNS + (within % GRID_COLUMNS)) * (DEFAULT_W + 40),
    y: Math.floor(within / GRID_COLUMNS) * (DEFAULT_H + 40),
    width: DEFAULT_W,
    height: DEFAULT_H,
  }
}

function inBounds(n: { x: number; y: number; width: number; height: number }) {
  return (
    [n.x, n.y, n.width, n.height].every((v) => Number.isFinite(v)) &&
    Math.abs(n.x) <= 100000 &&
    Math.abs(n.y) <= 100000 &&
    n.width >= 40 &&
    n.width <= 4000 &&
    n.height >= 40 &&
    n.height <= 4000
  )
}

/**
 * The notes canvas: one card per note (position, size, group label), and its JSON Canvas 1.0
 * (https://jsoncanvas.org) export and import: each active note is a text node (`note-<id>`),
 * each group label a group node around its cards.
 */
export class NotesCanvasService {
  /** Saves a note's card (the caller owns the note); a missing label is left as it was. */
  async upsert(noteId: number, input: CanvasInput, trx?: TransactionClientContract) {
    try {
      return await this.save(noteId, input, trx)
    } catch (error) {
      // Two first saves of a card at once (PostgreSQL): the other insert won, so this one updates it.
      if (trx || !isUniqueViolation(error)) throw error
      return this.save(noteId, input)
    }
  }

  private async save(noteId: number, input: CanvasInput, trx?: TransactionClientContract) {
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

  /** The JSON Canvas export of the user's active notes, as chunks of text (canvas_export.ts). */
  exportChunks(user: User) {
    return canvasExportChunks(user, defaultPlacement)
  }

  /** Applies positions and groups from a JSON Canvas; unknown text nodes become new notes. */
  async importCanvas(user: User, canvas: { nodes: JsonCanvasNode[] }) {
    const textNodes = canvas.nodes.filter((n) => n.type === 'text')
    const groupNodes = canvas.nodes.filter((n) => n.type === 'group')
    for (const node of textNodes) {
      if (!inBounds(node)) throw new CanvasNodeOutOfBoundsError(node.id)
    }
    const groupOf = (n: JsonCanvasNode) => {
      const g = groupNodes.find(
        (gn) => n.x >= gn.x && n.y >= gn.y && n.x + n.width <= gn.x + gn.width && n.y + n.height <= gn.y + gn.height
      )
      const label = g?.label?.trim().slice(0, 60)
      return label || null
    }
    const owned = await StructuredNote.query().where('user_id', user.id).select('id')
    const ownedIds = new Set(owned.map((n) => n.id))
    const ownedIdOf = (node: JsonCanvasNode) => {
      const match = /^note-(\d+)$/.exec(node.id)
      return match && ownedIds.has(Number(match[1])) ? Number(match[1]) : null
    }
    // Every new card is read before anything is written: a card that cannot be a note refuses the file.
    const newNotes = new Map(
      textNodes.filter((n) => ownedIdOf(n) === null).map((n) => [n, noteFromCard(n.id, n.text ?? '')])
    )
    let updated = 0
    let created = 0
    await db.transaction(async (trx) => {
      for (const [index, node] of textNodes.entries()) {
        // SQLite answers synchronously: without a turn of the event loop now and then, 5,000
        // cards would hold every other request for seconds.
        if (index % IMPORT_SLICE === IMPORT_SLICE - 1) await nextTurn()
        const layout = { x: node.x, y: node.y, width: node.width, height: node.height, group_label: groupOf(node) }
        const ownedId = ownedIdOf(node)
        if (ownedId !== null) {
          await this.upsert(ownedId, layout, trx)
          updated++
          continue
        }
        const { title, body } = newNotes.get(node)!
        const note = new StructuredNote().useTransaction(trx)
        note.fill({ userId: user.id, title, body, status: 'active', searchText: searchTextOf(title, body) })
        await note.save()
        const { group_label: groupLabel, ...box } = layout
        // A new note has no card yet: no lookup before the insert.
        await StructuredNoteCanvasItem.create({ noteId: note.id, ...box, groupLabel }, { client: trx })
        created++
      }
    })
    return { updated, created }
  }
}
