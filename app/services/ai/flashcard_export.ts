/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV Injection"):
 * such a cell gets a leading single quote, and every cell is quoted.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string) {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

/**
 * An Anki field with `#html:true`: the text escaped as HTML and each line break kept as `<br>`
 * (a raw newline or tab would end the note or the field). Escaping `"` also keeps Anki's
 * importer from reading a leading quote as a quoted field.
 */
export function ankiField(value: string) {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r\n|\r|\n/g, '<br>')
    .replace(/\t/g, '&#9;')
}

/**
 * CSV (RFC 4180; line breaks stay inside quoted cells) and Anki (tab-separated, one note per
 * line) exports of a flashcard set, in the order given (the caller sorts by position). Anki
 * adds new notes in file order, so the deck studies the cards in the set's order.
 */
export function exportFlashcards(cards: { front: string; back: string }[], format: 'csv' | 'anki') {
  if (format === 'csv') {
    return ['front,back', ...cards.map((c) => `${csvCell(c.front)},${csvCell(c.back)}`)].join('\r\n') + '\r\n'
  }
  return (
    [
      '#separator:tab',
      '#html:true',
      '#columns:Front\tBack',
      ...cards.map((c) => `${ankiField(c.front)}\t${ankiField(c.back)}`),
    ].join('\n') + '\n'
  )
}
