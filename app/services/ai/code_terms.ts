import { terms } from '#services/ai/nlp'

/**
 * Command-line options ("-k", "--keep", "-9") and dotted version numbers ("1.2.3", "~1.2.3"),
 * which `words` splits into letters and digits `terms` drops: "What does the -k option do?"
 * matched every sentence with "option" alike. A short option is one letter or digit ("-40%" is a
 * number, "high-pressure and -temperature" a word) and keeps its case ("-d" is not "-D"); a
 * version keeps the range operator written before it ("^0.2.3" is not "~0.2.3") and also counts bare.
 */
const CODE_TERM =
  /(?<![\p{L}\p{N}_.-])(?:--\p{L}[\p{L}\p{N}-]*|-\p{L}|-\p{N}(?![%.,])|((?:[~^]|[<>]=?)?)(\p{N}+(?:\.\p{N}+){2,}))(?![\p{L}\p{N}])/gu

/** `terms` and the text's options and version numbers (CODE_TERM), for ranking. */
export function rankingTerms(text: string): string[] {
  const out = terms(text)
  if (!/[-.]/.test(text)) return out
  for (const m of text.matchAll(CODE_TERM)) {
    const [term, operator, version] = m
    if (version === undefined) out.push(term.startsWith('--') ? term.toLowerCase() : term)
    else out.push(...(operator ? [term, version] : [version]))
  }
  return out
}
