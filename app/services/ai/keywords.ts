/**
 * Keyword extraction for the local engine and document ingestion: RAKE-style candidate
 * phrases scored by TF-IDF weight, each with its kind (number, name, phrase, word). Tokens come
 * from nlp.ts.
 */
import { inverseDocumentFrequency } from '#services/ai/vectors'
import { STOPWORDS, stem, terms } from '#services/ai/nlp'

/** `nounish`: a phrase, a name, a number, or a word seen after a determiner/preposition (a likely noun). */
export type Keyword = { phrase: string; key: string; score: number; count: number; kind: TermKind; nounish: boolean }

const NOUN_CUES = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'its',
  'their',
  'his',
  'her',
  'our',
  'your',
  'of',
  'in',
  'on',
  'for',
  'with',
  'by',
  'from',
  'into',
  'each',
  'every',
  'some',
  'many',
  'most',
])
export type TermKind = 'number' | 'proper' | 'phrase' | 'word'

export function termKind(phrase: string): TermKind {
  if (/^[\d.,%$€£:/-]+$/.test(phrase) || /^\d{3,4}s?$/.test(phrase)) return 'number'
  if (/\s/.test(phrase))
    return /^\p{Lu}/u.test(phrase) && phrase.split(' ').every((w) => /^\p{Lu}/u.test(w)) ? 'proper' : 'phrase'
  if (/^\p{Lu}/u.test(phrase)) return 'proper'
  return 'word'
}

/**
 * Keyword extraction: candidate phrases are runs of 1..3 content words (RAKE-style
 * delimiters: stopwords and punctuation), scored by frequency × mean TF-IDF weight of their
 * words, longer phrases slightly favoured. Returns surface forms as they appear in the text.
 */
export function extractKeywords(sentences: string[], limit = 30): Keyword[] {
  const sentenceTerms = sentences.map((s) => terms(s))
  const idf = inverseDocumentFrequency(sentenceTerms)
  const termWeight = new Map<string, number>()
  for (const list of sentenceTerms)
    for (const t of list) termWeight.set(t, (termWeight.get(t) || 0) + (idf.get(t) || 1))
  const candidates = new Map<
    string,
    { phrase: string; count: number; score: number; sentenceStart: number; cued: boolean }
  >()
  sentences.forEach((sentence) => {
    const raw = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*[\p{L}\p{N}]|[\p{L}\p{N}]|[^\s\p{L}\p{N}]+/gu) || []
    let run: string[] = []
    let cue = false
    const flush = () => {
      for (let size = 1; size <= Math.min(3, run.length); size++) {
        for (let start = 0; start + size <= run.length; start++) {
          const parts = run.slice(start, start + size)
          const phrase = parts.join(' ')
          if (phrase.length < 3 || (/^\d+$/.test(phrase) && phrase.length < 3)) continue
          const key = parts.map((p) => stem(p.toLowerCase())).join(' ')
          const weight = parts.reduce((s, p) => s + (termWeight.get(stem(p.toLowerCase())) || 0), 0) / parts.length
          const cued = start === 0 && cue
          const existing = candidates.get(key)
          if (existing) {
            existing.count += 1
            existing.cued ||= cued
          } else {
            candidates.set(key, { phrase, count: 1, score: weight * (1 + 0.35 * (size - 1)), sentenceStart: 0, cued })
          }
        }
      }
      run = []
    }
    for (const token of raw) {
      const lower = token.toLowerCase()
      if (!/[\p{L}\p{N}]/u.test(token) || STOPWORDS.has(lower) || lower.length < 2) {
        flush()
        cue = NOUN_CUES.has(lower)
        continue
      }
      run.push(token.replace(/['’]s$/, ''))
    }
    flush()
  })
  const ranked = [...candidates.entries()]
    .filter(([, c]) => c.phrase.length >= 3 && !/^\d{1,2}$/.test(c.phrase))
    // Multi-word phrases must repeat to count as a term; single words are judged by weight.
    .filter(([key, c]) => !key.includes(' ') || c.count >= 2)
    .map(([key, c]) => {
      const kind = termKind(c.phrase)
      return {
        phrase: c.phrase,
        key,
        count: c.count,
        score: c.score * Math.log(1 + c.count),
        kind,
        nounish: kind !== 'word' || c.cued,
      }
    })
    .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase))
  const chosen: Keyword[] = []
  for (const k of ranked) {
    // Skip a phrase that is contained in (or contains) one already chosen.
    if (chosen.some((c) => c.key.includes(k.key) || k.key.includes(c.key))) continue
    chosen.push(k)
    if (chosen.length >= limit) break
  }
  return chosen
}
