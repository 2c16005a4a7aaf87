/*
| The public table of `npm run bench ai_quality` (issue 25): each figure next to its goal, for
| plain BM25 over sentences, the engine before issue 25, and the current engine.
*/
import { bm25Baseline } from './support/bm25_baseline.ts'
import { legacyPrepare, legacyQa } from './support/legacy_qa/index.ts'
import { DEV_ARTICLES, HELD_OUT_ARTICLES, loadParaphrased, sampleQuestions } from './support/squad.ts'
import {
  evaluate,
  evaluateOffTopic,
  evaluateReworded,
  latency,
  type Figures,
  type QaSystem,
  type RewordedFigures,
} from './support/squad_eval.ts'
import { currentEngine } from './support/current_engine.ts'
import { buildPdf } from '../tests/support/ai_fixtures.ts'
import { ingestBuffer } from '../app/services/documents/ingest.ts'
import { withVectors } from '../app/services/ai/embeddings/passage_vectors.ts'
import { UseLiteEncoder } from '../app/services/ai/embeddings/sentence_encoder.ts'
import { loadArticles } from './support/squad.ts'
import { performance } from 'node:perf_hooks'

/**
 * Ingest of a 50-page text PDF (about 2,500 characters of SQuAD text a page): extraction and
 * chunking (the request), then the sentence vectors of every chunk (the queue, one core).
 */
async function ingestFigures() {
  const text = [...loadArticles().values()].flatMap((a) => a.paragraphs).join('\n\n')
  const pages = Array.from({ length: 50 }, (_, i) => text.slice(i * 2500, (i + 1) * 2500))
  const start = performance.now()
  const ingested = await ingestBuffer('pdf', buildPdf(pages))
  const extracted = performance.now() - start
  const passages = ingested.chunks.map((t, i) => ({
    document_id: '1',
    document_title: 'pdf',
    chunk_index: i,
    text: t,
    vectors: null,
  }))
  await withVectors(passages, new UseLiteEncoder())
  const embedded = performance.now() - start - extracted
  return {
    chars: ingested.text.length,
    chunks: passages.length,
    extracted,
    embedded,
    rss: process.memoryUsage().rss / 2 ** 20,
  }
}

const bm25System: QaSystem = {
  name: 'BM25',
  async prepare(passages) {
    const ask = bm25Baseline(passages)
    return async (q) => ask(q)
  },
}

const legacySystem: QaSystem = {
  name: 'before',
  async prepare(passages) {
    const prepared = legacyPrepare(passages)
    return async (q) => legacyQa(prepared, q)
  },
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`.padStart(8)
const row = (label: string, goal: string, values: string[]) =>
  console.log(`  ${label.padEnd(44)}${goal.padEnd(10)}${values.join('  ')}`)
type Line<T> = [label: string, goal: string, pick: (f: T) => number]
/** One row per line: each system's figure (`of` picks the figures the line reads). */
const rows = <R, T>(lines: Line<T>[], results: R[], of: (r: R) => T, goals = true) => {
  for (const [label, goal, pick] of lines)
    row(
      label,
      goals ? goal : '',
      results.map((r) => pct(pick(of(r))))
    )
}

export async function publicQuality(perKind: number, verbose: boolean): Promise<[string, boolean][]> {
  const systems = [bm25System, legacySystem, currentEngine]
  const results: {
    held: Figures
    dev: Figures
    reworded: RewordedFigures
    paraphrased: RewordedFigures
    offTopic: number
    latency: { chars: number; median: number }
  }[] = []
  const latencyQuestions = sampleQuestions('Immune_system', 15).slice(0, 30)
  for (const system of systems) {
    const held = await evaluate(system, HELD_OUT_ARTICLES, perKind, verbose && system === currentEngine)
    const dev = await evaluate(system, DEV_ARTICLES, perKind)
    const reworded = await evaluateReworded(system, verbose && system === currentEngine)
    const paraphrased = await evaluateReworded(system, false, loadParaphrased('held'))
    const offTopic = await evaluateOffTopic(system, HELD_OUT_ARTICLES, 25)
    results.push({ held, dev, reworded, paraphrased, offTopic, latency: await latency(system, latencyQuestions) })
  }
  const names = systems.map((s) => s.name.padStart(8))
  const { held, dev } = results[0]
  console.log(
    `Public articles (SQuAD 2.0 dev, CC BY-SA 4.0): ${held.answerable} answerable + ${held.unanswerable} unanswerable questions on ${HELD_OUT_ARTICLES.length} held-out articles`
  )
  row('HELD-OUT (reported)', 'goal', names)
  const lines: Line<Figures>[] = [
    ['gold inside a ≤ 300-char answer', '≥ 70 %', (f) => f.hit],
    ['unanswerable refused', '≥ 50 %', (f) => f.refusedUnanswerable],
    ['answerable wrongly refused', '≤ 15 %', (f) => f.wronglyRefused],
    ['gold inside the top 3 sources', '≥ 85 %', (f) => f.top3],
    ['gold inside the first source', '', (f) => f.top1],
    ['gold inside the top 3 shown (none if refused)', '', (f) => f.shown3],
  ]
  rows(lines, results, (r) => r.held)
  const rewordedLines: Line<RewordedFigures>[] = [
    ['reworded questions: gold inside top 3', '≥ 80 %', (f) => f.top3],
    ['reworded: gold inside the answer', '', (f) => f.hit],
    ['reworded: wrongly refused', '', (f) => f.wronglyRefused],
  ]
  rows(rewordedLines, results, (r) => r.reworded)
  const paraphrasedLines: Line<RewordedFigures>[] = [
    [`human paraphrases (${loadParaphrased('held').length}): gold inside the answer`, '', (f) => f.hit],
    ['human paraphrases: wrongly refused', '', (f) => f.wronglyRefused],
  ]
  rows(paraphrasedLines, results, (r) => r.paraphrased)
  row(
    "another article's questions refused",
    '',
    results.map((r) => pct(r.offTopic))
  )
  row(
    `Q&A median latency over ${results[0].latency.chars} chars`,
    '≤ 100 ms',
    results.map((r) => `${r.latency.median.toFixed(1)} ms`.padStart(8))
  )
  const encoder = new UseLiteEncoder()
  await encoder.embed(['warm up'])
  const embedTimes: number[] = []
  for (const q of latencyQuestions) {
    const start = performance.now()
    await encoder.embed([q.question])
    embedTimes.push(performance.now() - start)
  }
  embedTimes.sort((a, b) => a - b)
  row("  of which the question's embedding", '', [
    ''.padStart(8),
    ''.padStart(8),
    `${embedTimes[Math.floor(embedTimes.length / 2)].toFixed(1)} ms`.padStart(8),
  ])
  console.log(`DEV articles (weights and threshold fitted here; ${dev.answerable} + ${dev.unanswerable} questions)`)
  rows(lines, results, (r) => r.dev, false)
  if (process.env.AI_BENCH_INGEST !== '0') {
    const f = await ingestFigures()
    console.log(
      `Ingest of a 50-page text PDF (${f.chars} chars, ${f.chunks} chunks): extract + chunk ${(f.extracted / 1000).toFixed(1)} s (the upload request), sentence vectors ${(f.embedded / 1000).toFixed(1)} s (off the request path); process RSS ${f.rss.toFixed(0)} MB`
    )
  }
  const engine = results[results.length - 1]
  return [
    ['public hit', engine.held.hit >= 0.7],
    ['public unanswerable refused', engine.held.refusedUnanswerable >= 0.5],
    ['public wrongly refused', engine.held.wronglyRefused <= 0.15],
    ['public top 3', engine.held.top3 >= 0.85],
    ['reworded top 3', engine.reworded.top3 >= 0.8],
    ['public latency', engine.latency.median <= 100],
  ]
}
