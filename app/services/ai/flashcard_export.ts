/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV Injection"):
 * such a cell gets a leading single quote, and every cell is quoted.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string) {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

/** CSV (RFC 4180) and Anki (tab-separated, `#separator:tab`) exports of a flashcard set. */
export function exportFlashcards(cards: { front: string; back: string }[], format: 'csv' | 'anki') {
  if (format === 'csv') {
    return ['front,back', ...cards.map((c) => `${csvCell(c.front)},${csvCell(c.back)}`)].join('\r\n') + '\r\n'
  }
  const clean = (v: string) => v.replace(/[\t\r\n]+/g, ' ')
  return ['#separator:tab', '#html:false', '#columns:Front\tBack', ...cards.map((c) => `${clean(c.front)}\t${clean(c.back)}`)].join('\n') + '\n'
}
