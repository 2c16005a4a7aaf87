// Today's engine before issue 25, end to end as the qa tool ran it: rank every chunk (candidate
// filter, IDF share, hashed vectors), read out the best five, answer (0.6 threshold), sources
// = the cited passages. Frozen here so the benchmark can print it beside the new engine.
import type { Passage } from '../../../app/services/ai/engine.ts'
import { embed, type LegacyPassage } from './hashed_vectors.ts'
import { rankPassages, readOut } from './retrieval.ts'
import { findAnswer } from './answer_finder.ts'

export function legacyPrepare(passages: Passage[]): LegacyPassage[] {
  return passages.map((p) => ({
    document_id: p.document_id,
    document_title: p.document_title,
    chunk_index: p.chunk_index,
    text: p.text,
    embedding: embed(p.text),
  }))
}

export function legacyQa(passages: LegacyPassage[], query: string) {
  const retrieval = rankPassages(passages, query)
  const readout = readOut(retrieval, 60000)
  const ranked = readout.map((passage, i) => ({ passage, score: 1 - i / (readout.length + 1) }))
  const result = findAnswer(ranked, retrieval.groups, query)
  const top = readout.slice(0, 3).map((p) => p.text)
  if (!result.found) return { found: false, answer: '', sources: top }
  return { found: true, answer: result.answer, sources: top }
}
