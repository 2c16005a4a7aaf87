import { test } from '@japa/runner'
import { placeAll, CARD_WIDTH, CARD_HEIGHT } from '../../../inertia/components/notes/canvas_place.js'
import type { NoteJson } from '#shared/api/notes'

const note = (id: string, canvas: NoteJson['canvas'] = null) => ({ id, canvas }) as NoteJson

/* Issue 29: a new note's card goes to a free spot, never on top of a saved card. */
test.group('Canvas placement', () => {
  test('a never-placed card skips the grid places saved cards cover', ({ assert }) => {
    const saved = { x: 0, y: 0, width: CARD_WIDTH, height: CARD_HEIGHT, group_label: null }
    const moved = { x: 310, y: 10, width: 300, height: 200, group_label: 'Exam' }
    const [fresh, a, b, other] = placeAll([note('new'), note('a', saved), note('b', moved), note('c')])
    assert.deepEqual(a, saved)
    assert.deepEqual(b, moved)
    for (const placed of [fresh, other]) {
      for (const taken of [saved, moved]) {
        const apart =
          placed.x >= taken.x + taken.width ||
          taken.x >= placed.x + placed.width ||
          placed.y >= taken.y + taken.height ||
          taken.y >= placed.y + placed.height
        assert.isTrue(apart, `${JSON.stringify(placed)} overlaps ${JSON.stringify(taken)}`)
      }
    }
    assert.notDeepEqual(fresh, other)
  })

  test('with nothing saved, cards fill the 4-wide grid in order', ({ assert }) => {
    const places = placeAll([note('1'), note('2'), note('3'), note('4'), note('5')])
    assert.deepEqual(
      places.map((p) => [p.x, p.y]),
      [
        [0, 0],
        [300, 0],
        [600, 0],
        [900, 0],
        [0, 220],
      ]
    )
  })
})
