import vine from '@vinejs/vine'

/**
 * A title: trimmed, within `max` characters, and holding at least one visible character. Control
 * and format characters (zero-width spaces and joiners, bidi controls, the BOM, soft hyphens, tag
 * characters) and every other default-ignorable one (Hangul fillers, variation selectors) draw
 * nothing, nor does the braille blank, so "\u200B\u202E\u3164" is empty.
 */
const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u

export function title(max = 200) {
  return vine.string().trim().minLength(1).maxLength(max).regex(VISIBLE)
}
