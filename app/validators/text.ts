import vine from '@vinejs/vine'
import { VISIBLE_CHARACTER, oneLine } from '#services/infra/visible_text'

/**
 * Stores text in one Unicode form (NFC): "é" typed as "e" + U+0301 is the "é" every search
 * compares with (the PostgreSQL catalog index reads stored text as it is).
 */
export const composed = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && field.isValid) field.mutate(value.normalize('NFC'), field)
})

/**
 * A title is one line: a line break inside it becomes one space. Exports write a title as a line of
 * its own (the JSON Canvas card's heading, the calendar SUMMARY), where a break split it in two.
 */
export const singleLine = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && field.isValid) field.mutate(oneLine(value).trim(), field)
})

/** A title: trimmed, one line, NFC, within `max` characters, and holding at least one visible character. */
export function title(max = 200) {
  return vine.string().trim().use(singleLine()).use(composed()).minLength(1).maxLength(max).regex(VISIBLE_CHARACTER)
}
