/**
 * A character that draws something. Control and format characters (zero-width spaces and
 * joiners, bidi controls, the BOM, soft hyphens, tag characters) and every other
 * default-ignorable one (Hangul fillers, variation selectors) draw nothing, nor does the braille
 * blank, so "\u200B\u202E\u3164" holds none.
 */
export const VISIBLE_CHARACTER = /[^\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u

export function hasVisibleCharacter(text: string) {
  return VISIBLE_CHARACTER.test(text)
}
