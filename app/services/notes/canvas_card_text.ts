import { CanvasCardTooLongError } from '#exceptions/notes_errors'
import { hasVisibleCharacter, oneLine } from '#services/infra/visible_text'
import { cutAtCharacter } from '#shared/text'

export const NOTE_TITLE_MAX = 200
export const NOTE_BODY_MAX = 50000
/** The longest card our export writes: `# <title>`, a blank line, the body. */
export const CARD_TEXT_MAX = '# '.length + NOTE_TITLE_MAX + '\n\n'.length + NOTE_BODY_MAX

/**
 * A JSON Canvas card's text as a new note (docs/rules/notes.md#notes): the first line is the title
 * when it fits one, the rest the body. Nothing of the card is dropped: CR and CRLF end lines like
 * LF, and a first line too long for a title (a one-paragraph card) is cut for the title and kept
 * whole in the body. A body over the note limit refuses the card (and so the import).
 */
export function noteFromCard(nodeId: string, raw: string) {
  const text = raw.replace(/\r\n?/g, '\n').trim().normalize('NFC')
  const [head = '', ...rest] = text.split('\n')
  const firstLine = oneLine(head.replace(/^#+\s*/, '').trim())
  let title = 'Imported card'
  let body = rest.join('\n').trim()
  if (hasVisibleCharacter(firstLine)) {
    if (firstLine.length <= NOTE_TITLE_MAX) {
      title = firstLine
    } else {
      title = cutAtCharacter(firstLine, NOTE_TITLE_MAX).trimEnd()
      body = text
    }
  }
  if (body.length > NOTE_BODY_MAX) throw new CanvasCardTooLongError(nodeId, NOTE_BODY_MAX)
  return { title, body }
}
