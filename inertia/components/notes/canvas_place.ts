import type { CanvasJson, NoteJson } from '#shared/api/notes'

export const CARD_WIDTH = 260
export const CARD_HEIGHT = 180

const GAP = 40

function overlaps(a: CanvasJson, b: CanvasJson) {
  return (
    a.x < b.x + b.width + GAP / 2 &&
    b.x < a.x + a.width + GAP / 2 &&
    a.y < b.y + b.height + GAP / 2 &&
    b.y < a.y + a.height + GAP / 2
  )
}

/**
 * Where every canvas card sits: its saved layout, or else the next free place in a 4-wide grid,
 * never on top of a saved card (issue 29: a note made from "Add to Notes" landed on one).
 */
export function placeAll(notes: NoteJson[]): CanvasJson[] {
  const taken: CanvasJson[] = notes.flatMap((note) => (note.canvas ? [note.canvas] : []))
  let slot = 0
  return notes.map((note) => {
    if (note.canvas) return note.canvas
    for (;;) {
      const spot = {
        x: (slot % 4) * (CARD_WIDTH + GAP),
        y: Math.floor(slot / 4) * (CARD_HEIGHT + GAP),
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        group_label: null,
      }
      slot++
      if (!taken.some((other) => overlaps(spot, other))) {
        taken.push(spot)
        return spot
      }
    }
  })
}
