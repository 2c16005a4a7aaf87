/*
| Q&A part of the AI quality benchmark (issue 17): each question of bench/data/ai_quality runs
| through the same steps as the qa tool (embed the question, rank every chunk, read out, answer) over one scope
| holding all three texts (about 60,000 characters).
*/
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { chunkText } from '../app/services/documents/chunker.ts'
import { normalizeText } from '../app/services/ai/nlp.ts'
import { engineAsk, ingest } from './support/current_engine.ts'
import type { Passage } from '../app/services/ai/engine.ts'

export const DATA = join(import.meta.dirname, 'data', 'ai_quality')
export const TEXTS = ['printing', 'reefs', 'central_banks']
export type Question = { q: string; a: string | null }

export function loadScope(names = TEXTS): Passage[] {
  const passages: Passage[] = []
  names.forEach((name, d) => {
    const text = normalizeText(readFileSync(join(DATA, `${name}.md`), 'utf8'))
    chunkText(text).forEach((chunk, i) =>
      passages.push({ document_id: String(d + 1), document_title: name, chunk_index: i, text: chunk, vectors: null })
    )
  })
  return passages
}

export function loadQuestions(name: string): Question[] {
  return JSON.parse(readFileSync(join(DATA, `${name}.questions.json`), 'utf8'))
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0
}

/** Q&A figures over one scope of the three texts; latency over the same scope padded past 60,000 characters. */
export async function qaQuality(verbose = false) {
  const passages = await ingest(loadScope())
  const padded = [...passages, ...(await ingest(loadScope(['reefs']))).map((p) => ({ ...p, document_id: '9' }))]
  const chars = passages.reduce((s, p) => s + p.text.length, 0)
  await engineAsk(passages.slice(0, 2), 'warm up the language model', { live: true })
  let answerable = 0
  let hits = 0
  let refused = 0
  let unanswerable = 0
  let abstained = 0
  const lengths: number[] = []
  const latencies: number[] = []
  for (const name of TEXTS) {
    for (const { q, a } of loadQuestions(name)) {
      const result = await engineAsk(passages, q)
      const start = performance.now()
      await engineAsk(padded, q, { live: true })
      latencies.push(performance.now() - start)
      if (a === null) {
        unanswerable++
        if (!result.found) abstained++
        else if (verbose) console.log(`  ANSWERED  ${q}\n            → ${result.answer}`)
        continue
      }
      answerable++
      if (!result.found) {
        refused++
        if (verbose) console.log(`  REFUSED   ${q} [${a}]`)
        continue
      }
      lengths.push(result.answer.length)
      if (result.answer.length <= 300 && result.answer.toLowerCase().includes(a.toLowerCase())) hits++
      else if (verbose) console.log(`  MISSED    ${q} [${a}]\n            → ${result.answer}`)
    }
  }
  return {
    chars,
    latencyChars: padded.reduce((s, p) => s + p.text.length, 0),
    answerable,
    unanswerable,
    hitRate: hits / answerable,
    abstention: abstained / unanswerable,
    falseAbstention: refused / answerable,
    medianLength: median(lengths),
    medianLatency: median(latencies),
  }
}
