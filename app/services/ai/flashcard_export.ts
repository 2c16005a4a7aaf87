/** CSV (RFC 4180) and Anki (tab-separated, `#separator:tab`) exports of a flashcard set. */
export function exportFlashcards(cards: { front: string; back: string }[], format: 'csv' | 'anki') {
  if (format === 'csv') {
    const q = (v: string) => `"${v.replace(/"/g, '""')}"`
    return ['front,back', ...cards.map((c) => `${q(c.front)},${q(c.back)}`)].join('\r\n') + '\r\n'
  }
  const clean = (v: string) => v.replace(/[\t\r\n]+/g, ' ')
  return ['#separator:tab', '#html:false', '#columns:Front\tBack', ...cards.map((c) => `${clean(c.front)}\t${clean(c.back)}`)].join('\n') + '\n'
}
