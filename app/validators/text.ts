import vine from '@vinejs/vine'
import { VISIBLE_CHARACTER } from '#services/infra/visible_text'

/**
 * Stores text in one Unicode form (NFC): "é" typed as "e" + U+0301 is the "é" every search
 * compares with (the PostgreSQL catalog index reads stored text as it is).
 */
export const composed = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && field.isValid) field.mutate(value.normalize('NFC'), field)
})

/** A title: trimmed, NFC, within `max` characters, and holding at least one visible character. */
export function title(max = 200) {
  return vine.string().trim().use(composed()).minLength(1).maxLength(max).regex(VISIBLE_CHARACTER)
}
