import { test } from '@japa/runner'
import { normalizeStructured } from '#services/documents/structured_text'

/*
| A list item set over two lines with a word broken at the first line's end (a references list in a
| narrow column, printed by Chromium: "McGraw-" / "Hill, 1964."). The item's lines were joined with
| a space: "McGraw- Hill", where a paragraph's lines give "McGraw-Hill".
*/
test.group('List items broken at a hyphen', () => {
  test("an item's wrapped line joins a broken word as a paragraph does", ({ assert }) => {
    const text = [
      '1. Kleinrock, L. Communication Nets: Stochastic Message Flow and Delay. McGraw-',
      '  Hill, 1964.',
      '2. A packet switch stores each packet and forwards it when the connec-',
      '  tion is free',
      '3. Baran, P. On Distributed Communications Networks. IEEE, 1964.',
    ].join('\n')
    assert.equal(
      normalizeStructured(text),
      [
        '1. Kleinrock, L. Communication Nets: Stochastic Message Flow and Delay. McGraw-Hill, 1964.',
        '2. A packet switch stores each packet and forwards it when the connection is free',
        '3. Baran, P. On Distributed Communications Networks. IEEE, 1964.',
      ].join('\n')
    )
  })
})
