import { test } from '@japa/runner'
import { layoutToStructured, type PageLine } from '#services/documents/pdf_layout'
import { normalizeStructured } from '#services/documents/structured_text'

/*
| Three justified columns printed by Chromium: a paragraph whose sentence ended at the foot of a
| column, on a full line, went on at the top of the next; the jump back up cut the paragraph in two
| ("… inside the packet network." / "It only operates at the user-network-interface (UNI). …").
| A justified paragraph's last line is set short: only a short line ends a paragraph at a column's foot.
*/
const line = (text: string, x: number, y: number, right: number): PageLine => ({ text, x, y, size: 10, right })
const column = (x: number, texts: string[], rights: number[]) =>
  texts.map((t, i) => line(t, x, 700 - i * 12, x + rights[i]))

test.group('PDF column jump after a full line', () => {
  test('a paragraph goes on into the next column when its last line there was full', ({ assert }) => {
    const page = [
      ...column(
        50,
        [
          'Both X.25 and Frame Relay provide connection-oriented',
          'operations. But X.25 does it at the network layer of the',
          'OSI Model. Frame Relay does it at level two, the data link',
          'layer. X.25 does not define any operations inside the network.',
        ],
        [160, 160, 160, 160]
      ),
      ...column(
        230,
        [
          'It only operates at the user-network-interface (UNI). Thus,',
          'the network provider is free to use any procedure it wishes',
          'inside the network.',
          'Frame relay operates principally at layer two of the OSI',
          'Model and is faster than X.25 in the network it runs on.',
        ],
        [160, 160, 60, 160, 160]
      ),
    ]
    // The third line of the second column ends short: the next line opens a paragraph only after a gap.
    page[7] = { ...page[7], y: page[7].y - 10 }
    page[8] = { ...page[8], y: page[8].y - 10 }
    const blocks = normalizeStructured(layoutToStructured([page])).split('\n\n')
    assert.lengthOf(blocks, 2)
    assert.include(blocks[0], 'inside the network. It only operates at the user-network-interface (UNI).')
  })

  test('a short last line at the foot of a column still ends the paragraph', ({ assert }) => {
    const page = [
      ...column(50, ['Frame Relay does it at level two, the data link', 'layer in the', 'stack.'], [160, 160, 30]),
      ...column(
        230,
        ['It only operates at the user-network-interface', '(UNI) of the network it runs on.'],
        [160, 150]
      ),
    ]
    const blocks = normalizeStructured(layoutToStructured([page])).split('\n\n')
    assert.deepEqual(blocks, [
      'Frame Relay does it at level two, the data link layer in the stack.',
      'It only operates at the user-network-interface (UNI) of the network it runs on.',
    ])
  })
})
