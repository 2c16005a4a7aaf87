import vine from '@vinejs/vine'

/**
 * A title: trimmed, within `max` characters, and holding at least one visible character. Control
 * and format characters (zero-width spaces and joiners, bidi controls, the BOM, soft hyphens, tag
 * characters) and every other default-ignorable one (Hangul fillers, variation selectors) draw
 * nothing, nor does the braille blank, so "\u200B\u202E\u3164" is empty.
 */
const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u

/**
 * Stores text in one Unicode form (NFC): "é" typed as "e" + U+0301 is the "é" every search
 * compares with (the PostgreSQL catalog index reads stored text as it is).
 */
export const composed = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && field.isValid) field.mutate(value.normalize('NFC'), field)
})

export function title(max = 200) {
  return vine.string().trim().use(composed()).minLength(1).maxLength(max).regex(VISIBLE)
}
