/**
 * The local engine's analysis of passages (local_engine.ts): every line in reading order as a
 * sentence with its terms, TF-IDF and passage vectors, TextRank score and dense vector, plus
 * the key terms of the good sentences and the document titles.
 */
import type { ChunkRef } from '#models/ai_json'
import type { Passage } from '#services/ai/engine'
import { isFurniture, linesOf } from '#services/ai/passage_lines'
import { terms } from '#services/ai/nlp'
import { extractKeywords, type Keyword } from '#services/ai/keywords'
import { inverseDocumentFrequency, textRank, tfidfVector, type SparseVector } from '#services/ai/vectors'

export type Sentence = {
  text: string
  position: number
  ref: ChunkRef
  tokens: string[]
  vector: SparseVector
  context?: SparseVector
  rank: number
  good: boolean
  heading: boolean
  /** The sentence encoder's vector, when its chunk has been embedded (issue 25). */
  dense: Float32Array | null
}

export type Analysis = { sentences: Sentence[]; keywords: Keyword[]; titles: string[] }

/** Sentences of the passages in reading order, with their TF-IDF vectors and TextRank, and the key terms. */
export function analyzePassages(passages: Passage[]): Analysis {
  const sentences: Sentence[] = []
  // A passage repeated in the document (a definition box, a manual's function described twice)
  // is one sentence to the tools: only its first occurrence may be picked.
  const said = new Set<string>()
  const vectorsOf = new Map(passages.map((p) => [`${p.document_id}:${p.chunk_index}`, p.vectors]))
  for (const line of linesOf(passages)) {
    {
      const text = line.text
      const p = { document_id: line.ref.document_id, chunk_index: line.ref.chunk_index }
      const wordCount = text.split(/\s+/).length
      const normal = text.toLowerCase().replace(/\s+/g, ' ')
      const first = !said.has(normal)
      said.add(normal)
      const good =
        first &&
        !line.heading &&
        !line.row &&
        !line.label &&
        !isFurniture(text) &&
        text.length >= 25 &&
        text.length <= 450 &&
        wordCount >= 4 &&
        /\p{L}/u.test(text) &&
        !/[:;,]$/.test(text)
      sentences.push({
        text,
        position: sentences.length,
        ref: { document_id: p.document_id, chunk_index: p.chunk_index },
        tokens: terms(text),
        vector: new Map(),
        rank: 0,
        good,
        heading: line.heading,
        dense: vectorsOf.get(`${p.document_id}:${p.chunk_index}`)?.[1 + line.index] ?? null,
      })
    }
  }
  const idf = inverseDocumentFrequency(sentences.map((s) => s.tokens))
  for (const s of sentences) s.vector = tfidfVector(s.tokens, idf)
  // Each sentence also knows its passage's vector: topics are told apart by their passages' words.
  const passageTokens = new Map<string, string[]>()
  for (const s of sentences) {
    const key = `${s.ref.document_id}:${s.ref.chunk_index}`
    const list = passageTokens.get(key) ?? []
    for (const token of s.tokens) list.push(token)
    passageTokens.set(key, list)
  }
  const contexts = new Map([...passageTokens].map(([key, tokens]) => [key, tfidfVector(tokens, idf)]))
  for (const s of sentences) s.context = contexts.get(`${s.ref.document_id}:${s.ref.chunk_index}`)
  // Repeated sentences (headers, boilerplate) share one node of the graph.
  const nodeOf = new Map<string, number>()
  const nodes: SparseVector[] = []
  const index = sentences.map((s) => {
    let node = nodeOf.get(s.text)
    if (node === undefined) {
      node = nodes.length
      nodeOf.set(s.text, node)
      nodes.push(s.vector)
    }
    return node
  })
  const ranks = textRank(nodes)
  sentences.forEach((s, i) => (s.rank = ranks[index[i]]))
  if (!sentences.some((s) => s.good)) for (const s of sentences) s.good = s.text.length > 0 && !s.heading
  const keywords = extractKeywords(
    sentences.filter((s) => s.good).map((s) => s.text),
    80
  )
  const titles = [...new Set(passages.map((p) => p.document_title))]
  return { sentences, keywords, titles }
}
