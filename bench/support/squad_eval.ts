/*
| Runs Q&A systems over the SQuAD 2.0 articles and counts the figures of issue 25. A system
| gets an article's passages once (ingest) and then answers questions: `found`, the answer,
| and the text of its first three sources.
*/
import { performance } from 'node:perf_hooks'
import type { Passage } from '../../app/services/ai/engine.ts'
import {
  articlePassages,
  containsGold,
  loadReworded,
  sampleQuestions,
  type Reworded,
  type SquadQuestion,
} from './squad.ts'

export type QaOutput = { found: boolean; answer: string; sources: string[] }
/** `live`: a timed run (nothing may come from a cache). */
export type QaSystem = {
  name: string
  prepare(passages: Passage[], options?: { live?: boolean }): Promise<(query: string) => Promise<QaOutput>>
}

export type Figures = {
  answerable: number
  unanswerable: number
  hit: number
  refusedUnanswerable: number
  wronglyRefused: number
  top3: number
  top1: number
  shown3: number
}

const share = (n: number, d: number) => (d ? n / d : 0)

export async function evaluate(
  system: QaSystem,
  articles: string[],
  perKind: number,
  verbose = false
): Promise<Figures> {
  let answerable = 0
  let unanswerable = 0
  let hit = 0
  let refusedUnanswerable = 0
  let wronglyRefused = 0
  let top3 = 0
  let top1 = 0
  let shown3 = 0
  for (const title of articles) {
    const ask = await system.prepare(articlePassages(title))
    for (const q of sampleQuestions(title, perKind)) {
      const out = await ask(q.question)
      if (q.impossible) {
        unanswerable++
        if (!out.found) refusedUnanswerable++
        continue
      }
      answerable++
      if (!out.found) wronglyRefused++
      else if (out.answer.length <= 300 && containsGold(out.answer, q.answers)) hit++
      else if (verbose)
        console.log(`  MISS [${system.name}] ${q.question} [${q.answers[0]}] → ${out.answer.slice(0, 160)}`)
      if (out.sources.slice(0, 3).some((s) => containsGold(s, q.answers))) {
        top3++
        if (out.found) shown3++
      }
      if (out.sources[0] && containsGold(out.sources[0], q.answers)) top1++
    }
  }
  return {
    answerable,
    unanswerable,
    hit: share(hit, answerable),
    refusedUnanswerable: share(refusedUnanswerable, unanswerable),
    wronglyRefused: share(wronglyRefused, answerable),
    top3: share(top3, answerable),
    top1: share(top1, answerable),
    shown3: share(shown3, answerable),
  }
}

export type RewordedFigures = { top3: number; hit: number; wronglyRefused: number }

/** Questions asked each over its own article (the reported reworded set unless given): top 3, answer, refusal. */
export async function evaluateReworded(
  system: QaSystem,
  verbose = false,
  questions: Reworded[] = loadReworded()
): Promise<RewordedFigures> {
  const byArticle = new Map<string, typeof questions>()
  for (const q of questions) byArticle.set(q.article, [...(byArticle.get(q.article) || []), q])
  let top3 = 0
  let hit = 0
  let refused = 0
  for (const [title, list] of byArticle) {
    const ask = await system.prepare(articlePassages(title))
    for (const q of list) {
      const out = await ask(q.question)
      if (!out.found) refused++
      else if (out.answer.length <= 300 && containsGold(out.answer, q.answers)) hit++
      if (out.sources.slice(0, 3).some((s) => containsGold(s, q.answers))) top3++
      else if (verbose) console.log(`  REWORDED MISS [${system.name}] ${q.question} [${q.answers[0]}]`)
    }
  }
  const n = questions.length
  return { top3: share(top3, n), hit: share(hit, n), wronglyRefused: share(refused, n) }
}

/**
 * Questions about another subject: each article is asked `perArticle` answerable questions of
 * the next article in the list; the share refused.
 */
export async function evaluateOffTopic(system: QaSystem, articles: string[], perArticle: number): Promise<number> {
  let asked = 0
  let refused = 0
  for (const [i, title] of articles.entries()) {
    const ask = await system.prepare(articlePassages(title))
    const next = articles[(i + 1) % articles.length]
    for (const q of sampleQuestions(next, perArticle).filter((x) => !x.impossible)) {
      asked++
      if (!(await ask(q.question)).found) refused++
    }
  }
  return share(refused, asked)
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.floor(s.length / 2)] : 0
}

/** Median time of one question over one scope of two articles (> 60,000 characters). */
export async function latency(
  system: QaSystem,
  questions: SquadQuestion[]
): Promise<{ chars: number; median: number }> {
  const passages = [
    ...articlePassages('Immune_system', '1'),
    ...articlePassages('Southern_California', '2'),
    ...articlePassages('Geology', '3'),
  ]
  const ask = await system.prepare(passages, { live: true })
  await ask('warm up')
  const times: number[] = []
  for (const q of questions) {
    const start = performance.now()
    await ask(q.question)
    times.push(performance.now() - start)
  }
  return { chars: passages.reduce((s, p) => s + p.text.length, 0), median: median(times) }
}
