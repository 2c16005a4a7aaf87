/**
 * The sentence segments of one paragraph (`splitPlainSentences`, nlp.ts). `Intl.Segmenter` costs
 * about 16 µs per call whatever the text's length (ICU sets up a break iterator each time), so a
 * text of 100,000 one-word paragraphs spent 1.6 s there, and its upload about 5 s in chunking
 * (docs/decisions/hostile_io.md "Hostile files, session 16"). A paragraph that cannot break (no
 * sentence terminator or paragraph separator before its final run of terminators and closing
 * marks, UAX #29 rules SB4, SB8a, SB11) is its own single segment without asking ICU.
 */
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' })

/** The first character where UAX #29 may break a sentence: a terminator or a paragraph separator. */
const BREAK_CANDIDATE = /[\p{Sentence_Terminal}\n\r\u0085\u2028\u2029]/u
/** A final run of terminators and closing marks (no space: a space may precede another sentence). */
const FINAL_RUN = /^\p{Sentence_Terminal}+[\p{Pe}\p{Pf}"']*$/u

function cannotBreak(paragraph: string): boolean {
  const at = paragraph.search(BREAK_CANDIDATE)
  return at < 0 || FINAL_RUN.test(paragraph.slice(at).trimEnd())
}

export function sentenceSegments(paragraph: string): Iterable<{ segment: string; index: number }> {
  return cannotBreak(paragraph) ? [{ segment: paragraph, index: 0 }] : segmenter.segment(paragraph)
}
