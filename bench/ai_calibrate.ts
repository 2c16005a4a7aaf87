/*
| Fits the hybrid ranking weights, the answer choice's type penalty and the refusal model of
| issue 25 on the DEV articles only (every question of them; never on the held-out articles).
| Of the questions we wrote, only the reworded TUNING set (reworded_tune.json, rewordings of DEV
| questions) enters the ranking objective; the reported reworded set is printed, never fitted.
| Not a benchmark: run it by hand (about 4 minutes once the vectors are cached in tmp/) and
| copy the printed constants into app/services/ai/retrieval.ts (WEIGHTS) and answer_finder.ts
| (REFUSAL) and answer_rerank.ts (RERANK):
|   node --import=@poppinss/ts-exec bench/ai_calibrate.ts
*/
import { DEV_ARTICLES, articlePassages, containsGold, loadReworded, sampleQuestions } from './support/squad.ts'
import { benchEncoder, ingest } from './support/current_engine.ts'
import {
  WEIGHTS,
  rankPassages,
  scoreSentence,
  sentenceFeatures,
  type SentenceFeatures,
} from '../app/services/ai/retrieval.ts'
import {
  answerCandidates,
  answers as engineAnswers,
  chooseAnswer,
  evidenceVector,
} from '../app/services/ai/answer_finder.ts'
import { EVIDENCE_KEYS } from '../app/services/ai/refusal_model.ts'
import { RERANK, RERANK_KEYS, rerankInputs } from '../app/services/ai/answer_rerank.ts'
import type { Passage } from '../app/services/ai/engine.ts'
import { writeFileSync } from 'node:fs'

const perKind = Number(process.env.AI_CALIBRATE_SAMPLE) || Infinity
type Item = {
  features: SentenceFeatures[]
  goldSentence: boolean[]
  goldChunk: boolean[]
  reworded: false | 'tune' | 'reported'
}
const items: Item[] = []
const asked: {
  passages: Passage[]
  query: string
  vector: Float32Array
  answers: string[]
  impossible: boolean
  article: string
}[] = []

async function collect(
  passages: Passage[],
  query: string,
  answers: string[],
  impossible: boolean,
  reworded: Item['reworded'],
  article = ''
) {
  const vector = (await benchEncoder.embed([query]))[0]
  if (!reworded) asked.push({ passages, query, vector, answers, impossible, article })
  if (impossible) return
  const { features } = sentenceFeatures(passages, query, vector)
  items.push({
    features,
    goldSentence: features.map((f) => containsGold(f.text, answers)),
    goldChunk: passages.map((p) => containsGold(p.text, answers)),
    reworded,
  })
}

for (const title of DEV_ARTICLES) {
  const passages = await ingest(articlePassages(title))
  for (const q of sampleQuestions(title, perKind))
    await collect(passages, q.question, q.answers, q.impossible, false, title)
}
const reworded = loadReworded()
const tune = loadReworded('tune')
for (const [set, list] of [
  ['tune', tune],
  ['reported', reworded],
] as const) {
  for (const title of new Set(list.map((q) => q.article))) {
    const passages = await ingest(articlePassages(title))
    for (const q of list.filter((x) => x.article === title)) await collect(passages, q.question, q.answers, false, set)
  }
}
benchEncoder.save()
console.log(
  `${items.filter((i) => !i.reworded).length} answerable DEV questions, ${tune.length} reworded (tuning), ${reworded.length} reworded (reported, not fitted), ${asked.filter((a) => a.impossible).length} unanswerable`
)

function measure(w: typeof WEIGHTS) {
  let top1 = 0
  let top3 = 0
  let rw = 0
  let rwTune = 0
  let n = 0
  for (const item of items) {
    const scores = item.features.map((f) => scoreSentence(f, w))
    let best = 0
    const chunkBest = new Map<number, number>()
    scores.forEach((s, i) => {
      if (s > scores[best]) best = i
      const p = item.features[i].position
      if (!chunkBest.has(p) || s > chunkBest.get(p)!) chunkBest.set(p, s)
    })
    const top = [...chunkBest.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([p]) => p)
    const hit3 = top.some((p) => item.goldChunk[p])
    if (item.reworded) {
      if (hit3 && item.reworded === 'reported') rw++
      if (hit3 && item.reworded === 'tune') rwTune++
      continue
    }
    n++
    if (item.goldSentence[best]) top1++
    if (hit3) top3++
  }
  return { top1: top1 / n, top3: top3 / n, reworded: rw / reworded.length, tune: rwTune / tune.length }
}

const grid: (typeof WEIGHTS & { m: ReturnType<typeof measure> })[] = []
for (const neighbours of [0, 0.1, 0.2])
  for (const chunk of [0, 0.15, 0.3, 0.5])
    for (const sentenceCosine of [0, 0.25, 0.5, 1, 1.5, 2, 2.5, 3])
      for (const chunkCosine of [0, 0.25, 0.5, 1, 1.5, 2])
        for (const typed of [0, 0.1, 0.2, 0.3, 0.4]) {
          const w = {
            sentence: 1,
            neighbours,
            chunk,
            sentenceCosine,
            chunkCosine,
            typed,
            designator: WEIGHTS.designator,
          }
          grid.push({ ...w, m: measure(w) })
        }
// The objective: the DEV questions' first sentence and top 3 chunks, plus the top 3 of the
// reworded TUNING set (questions in the student's own words); the reported reworded set takes no
// part. Among settings within half a point of the best, the one that weighs meaning most.
const objective = (m: ReturnType<typeof measure>) => m.top1 + m.top3 + m.tune
grid.sort((a, b) => objective(b.m) - objective(a.m))
const near = grid.filter((g) => objective(g.m) >= objective(grid[0].m) - 0.005)
near.sort((a, b) => b.sentenceCosine + b.chunkCosine - (a.sentenceCosine + a.chunkCosine))
grid.splice(grid.indexOf(near[0]), 1)
grid.unshift(near[0])
const show = (g: (typeof grid)[number]) =>
  `n ${g.neighbours} c ${g.chunk} sc ${g.sentenceCosine} cc ${g.chunkCosine} t ${g.typed} → top1 sentence ${(g.m.top1 * 100).toFixed(1)} %, top3 chunks ${(g.m.top3 * 100).toFixed(1)} %, reworded top3: tuning ${(g.m.tune * 100).toFixed(1)} %, reported ${(g.m.reworded * 100).toFixed(1)} %`
console.log(
  'lexical only:',
  show(
    grid.find(
      (g) => g.sentenceCosine === 0 && g.chunkCosine === 0 && g.neighbours === 0 && g.chunk === 0 && g.typed === 0
    )!
  )
)
for (const g of grid.slice(0, 12)) console.log('  ', show(g))
const chosen = grid[0]
Object.assign(WEIGHTS, {
  neighbours: chosen.neighbours,
  chunk: chosen.chunk,
  sentenceCosine: chosen.sentenceCosine,
  chunkCosine: chosen.chunkCosine,
  typed: chosen.typed,
})
console.log('WEIGHTS =', JSON.stringify(WEIGHTS))

// ---- answer choice: the reranking of the ranking's best candidates (answer_rerank.ts), a
// logistic model of "this candidate holds the gold" over the questions whose candidates hold it.
type Sample = { x: number[]; y: number }
const rerankSets = (dense: boolean) =>
  asked
    .filter((a) => !a.impossible)
    .map((a) => {
      const retrieval = rankPassages(a.passages, a.query, dense ? a.vector : null)
      const candidates = answerCandidates(retrieval, a.query)
      const x = rerankInputs(candidates.map((c) => c.features))
      return { article: a.article, x, y: candidates.map((c) => (containsGold(c.s.text, a.answers) ? 1 : 0)) }
    })
const firstHit = (set: ReturnType<typeof rerankSets>, w: number[]) =>
  set.filter((q) => {
    const scores = q.x.map((x) => x.reduce((sum, v, i) => sum + v * w[i + 1], 0))
    return q.y[scores.indexOf(Math.max(...scores))] === 1
  }).length / set.length
const samples = (set: ReturnType<typeof rerankSets>): Sample[] =>
  set.filter((q) => q.y.includes(1)).flatMap((q) => q.x.map((x, i) => ({ x, y: q.y[i] })))
for (const dense of [true, false]) {
  const set = rerankSets(dense)
  const ranking = set.filter((q) => q.y[0] === 1).length / set.length
  // Out of article: each DEV article answered by a model fitted on the other five.
  let outside = 0
  for (const title of DEV_ARTICLES) {
    const part = set.filter((q) => q.article === title)
    outside += firstHit(part, fit(samples(set.filter((q) => q.article !== title)))) * part.length
  }
  const w = fit(samples(set)).map((x) => Math.round(x * 1000) / 1000)
  const n = RERANK_KEYS.length
  const model = { own: w.slice(1, n + 1), relative: w.slice(n + 1, 2 * n + 1), rank: w[2 * n + 1] }
  RERANK[dense ? 'dense' : 'lexical'] = model
  console.log(`RERANK.${dense ? 'dense' : 'lexical'} =`, JSON.stringify(model))
  console.log(
    `  best sentence holds the gold: ranking's first ${(ranking * 100).toFixed(1)} %, reranked ${(firstHit(set, w) * 100).toFixed(1)} % (out of article ${((outside / set.length) * 100).toFixed(1)} %)`
  )
}

// ---- refusal model: logistic regression (Newton steps, a little L2) on the evidence of the chosen answer
type Row = {
  x: number[]
  y: number
  hit: boolean
  decided: 'refused' | 'answered' | null
  article: string
  query: string
  answer: string
}
function rows(dense: boolean): Row[] {
  return asked.map((a) => {
    const retrieval = rankPassages(a.passages, a.query, dense ? a.vector : null)
    const chosenAnswer = chooseAnswer(retrieval, a.query)!
    const x = evidenceVector(chosenAnswer.evidence)
    const hit = !a.impossible && containsGold(chosenAnswer.best.s.text, a.answers)
    // What the engine decides whatever the model says: a rule refuses, or a definition answers.
    const ruled = !engineAnswers({ ...chosenAnswer, definition: false, probability: 1 }, retrieval, 0)
    const decided = ruled ? ('refused' as const) : chosenAnswer.definition ? ('answered' as const) : null
    const answer = chosenAnswer.best.s.text
    return { x, y: a.impossible ? 0 : 1, hit, decided, article: a.article, query: a.query, answer }
  })
}
// AI_CALIBRATE_DUMP=<file>: the refusal rows (dense) as JSON, for trying other models by hand.
if (process.env.AI_CALIBRATE_DUMP)
  writeFileSync(process.env.AI_CALIBRATE_DUMP, JSON.stringify({ keys: EVIDENCE_KEYS, rows: rows(true) }))
function solve(m: number[][], v: number[]): number[] {
  const n = v.length
  const a = m.map((row, i) => [...row, v[i]])
  for (let c = 0; c < n; c++) {
    let p = c
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r
    ;[a[c], a[p]] = [a[p], a[c]]
    for (let r = 0; r < n; r++) {
      if (r === c || a[c][c] === 0) continue
      const f = a[r][c] / a[c][c]
      for (let k = c; k <= n; k++) a[r][k] -= f * a[c][k]
    }
  }
  return a.map((row, i) => (row[i] === 0 ? 0 : row[n] / row[i]))
}
function fit(data: Sample[], l2 = 1e-3) {
  const d = data[0].x.length + 1
  const w = new Array(d).fill(0)
  for (let step = 0; step < 30; step++) {
    const grad = new Array(d).fill(0)
    const hess = Array.from({ length: d }, (_row, i) => Array.from({ length: d }, (_col, j) => (i === j ? l2 : 0)))
    for (const r of data) {
      const x = [1, ...r.x]
      const p = 1 / (1 + Math.exp(-x.reduce((s, xi, i) => s + xi * w[i], 0)))
      for (let i = 0; i < d; i++) {
        grad[i] += ((p - r.y) * x[i]) / data.length
        for (let j = 0; j < d; j++) hess[i][j] += (p * (1 - p) * x[i] * x[j]) / data.length
      }
    }
    for (let i = 1; i < d; i++) grad[i] += l2 * w[i]
    const delta = solve(hess, grad)
    for (let i = 0; i < d; i++) w[i] -= delta[i]
    if (Math.max(...delta.map(Math.abs)) < 1e-7) break
  }
  return w
}
const round = (x: number) => Math.round(x * 100) / 100
for (const dense of [true, false]) {
  const data = rows(dense)
  const w = fit(data).map(round)
  const p = data.map((r) => 1 / (1 + Math.exp(-(w[0] + r.x.reduce((s, x, i) => s + x * w[i + 1], 0)))))
  const answerableCount = data.filter((r) => r.y === 1).length
  const unanswerable = data.length - answerableCount
  const curve = Array.from({ length: 41 }, (_, i) => 0.2 + i * 0.01).map((t) => {
    let refusedU = 0
    let refusedA = 0
    let hits = 0
    data.forEach((r, i) => {
      const refused = r.decided ? r.decided === 'refused' : p[i] < t
      if (r.y === 0 && refused) refusedU++
      if (r.y === 1 && refused) refusedA++
      if (r.y === 1 && !refused && r.hit) hits++
    })
    return { t: round(t), u: refusedU / unanswerable, a: refusedA / answerableCount, hit: hits / answerableCount }
  })
  // The chosen point: the most unanswerable questions refused with at most 10 % of answerable
  // ones refused on DEV: 5 points of room under the 15 % goal, because a 300-question sample of
  // the DEV articles alone already sits 5 points above the rate over all of them.
  const chosenPoint = curve.filter((c) => c.a <= 0.1).sort((a, b) => b.u - a.u || a.t - b.t)[0]
  const model = {
    bias: w[0],
    ...Object.fromEntries(EVIDENCE_KEYS.map((k, i) => [k, w[i + 1]])),
    threshold: chosenPoint.t,
  }
  console.log(`REFUSAL.${dense ? 'dense' : 'lexical'} =`, JSON.stringify(model))
  console.log('  threshold  unanswerable refused  answerable wrongly refused  best sentence holds the gold')
  for (const c of curve.filter((point) => Math.round(point.t * 100) % 5 === 0 || point === chosenPoint))
    console.log(
      `  ${c.t.toFixed(2)}${c === chosenPoint ? ' *' : '  '}     ${(c.u * 100).toFixed(1).padStart(5)} %               ${(c.a * 100).toFixed(1).padStart(5)} %                    ${(c.hit * 100).toFixed(1).padStart(5)} %`
    )
}
