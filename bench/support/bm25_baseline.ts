// Plain Okapi BM25 over sentences (k1 1.5, b 0.75, no tuning): the baseline of issue 25. The
// answer is the best sentence (cut to 300 characters); it never refuses unless nothing matches;
// its sources are the chunks of its best sentences.
import type { Passage } from '../../app/services/ai/engine.ts'
import { splitSentences, terms } from '../../app/services/ai/nlp.ts'
import { bm25 } from '../../app/services/ai/vectors.ts'

export function bm25Baseline(passages: Passage[]) {
  const sentences = passages.flatMap((p, chunk) =>
    splitSentences(p.text).map((text) => ({ text, chunk, tokens: terms(text) }))
  )
  const docs = sentences.map((s) => s.tokens)
  return (query: string) => {
    const scores = bm25(terms(query), docs)
    const order = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b)
    const best = order[0]
    const chunks: number[] = []
    for (const i of order) {
      if (scores[i] <= 0 || chunks.length >= 3) break
      if (!chunks.includes(sentences[i].chunk)) chunks.push(sentences[i].chunk)
    }
    return {
      found: best !== undefined && scores[best] > 0,
      answer: best === undefined ? '' : sentences[best].text.slice(0, 300),
      sources: chunks.map((c) => passages[c].text),
      sentences: order.slice(0, 3).map((i) => sentences[i].text),
    }
  }
}
