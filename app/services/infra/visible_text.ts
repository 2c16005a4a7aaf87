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

/** Any run of white space holding a line break (CR, LF, VT, FF, NEL, U+2028, U+2029); `\s` lacks NEL. */
const LINE_BREAK_RUN = /[\s\u0085]*[\n\v\f\r\u0085\u2028\u2029][\s\u0085]*/g

/** The text on one line: each run of white space holding a line break becomes one space. */
export function oneLine(text: string) {
  return text.replace(LINE_BREAK_RUN, ' ')
}
