import { winkInstance } from '#services/ai/language'
import type { Document } from 'wink-nlp'

/**
 * A word broken at a line's end: "con‐\n  necting" (man pages write U+2010), "well-\nknown". The
 * left half starts a run of letters (the lookbehind) and is at most 64 long, so a long run without
 * a hyphen costs one pass, not one pass per letter (linear time, docs/rules/hardening.md#hostile-files).
 */
const BROKEN_AT_LINE_END = /(?<![\p{L}\p{N}])([\p{L}\p{N}]{1,64})[-\u2010]\n *([\p{L}\p{N}]{1,64})/gu
const CAPITALISED = /^\p{Lu}(?!\p{Lu}*$)/u

let lexicon: Document | null = null

/** Whether wink's English lexicon (87,593 words, shipped in its npm model) holds `word`. */
function isEnglishWord(word: string) {
  lexicon ??= winkInstance().readDoc('')
  return !lexicon.isOOV(word.toLowerCase())
}

/** The text's own spellings, lowercased: whole words and hyphenated compounds on one line. */
function spellingsOf(text: string) {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+(?:[-\u2010][\p{L}\p{N}]+)*/gu) ?? [])
}

/**
 * Joins a word broken at a line's end. The text's own spelling decides first ("deal-\nings" where
 * "dealings" appears elsewhere). A hyphen the writer meant stays before a digit or after one
 * ("pre-1900", "3-day"), before a capitalised word ("Anglo-Saxon"), and between two English
 * words whose joined form is no word ("well-known", "long-term"). Otherwise the hyphen only
 * broke the word ("com-puter", "CONNEC-TION").
 */
export function joinLineEndHyphens(text: string): string {
  if (!/[-\u2010]\n/.test(text)) return text
  let spellings: Set<string> | null = null
  return text.replace(BROKEN_AT_LINE_END, (_all, left: string, right: string) => {
    const joined = left + right
    const hyphenated = `${left}-${right}`
    if (/\p{N}$/u.test(left) || /^\p{N}/u.test(right)) return hyphenated
    spellings ??= spellingsOf(text)
    if (spellings.has(joined.toLowerCase())) return joined
    if (spellings.has(hyphenated.toLowerCase()) || CAPITALISED.test(right)) return hyphenated
    const keepsHyphen = !isEnglishWord(joined) && isEnglishWord(left) && isEnglishWord(right)
    return keepsHyphen ? hyphenated : joined
  })
}
