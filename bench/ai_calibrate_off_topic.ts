/*
| Derives OFF_TOPIC (answer_finder.ts) on the DEV articles only: the cosine floor is the lowest
| cosine, rounded down to 0.05, among the questions the refusal model answers while their best
| sentence and its neighbours hold under a quarter of the question's weight, of two kinds: the
| answerable DEV questions, and the reworded TUNING set (rewordings of DEV questions in other
| words; the reported reworded set takes no part). It then prints what the floor does to every
| DEV question, and to questions about another subject: each DEV article asked the answerable
| questions of the next one.
| Not a benchmark: run it by hand after the refusal model changes, and copy the printed constant:
|   node --import=@poppinss/ts-exec bench/ai_calibrate_off_topic.ts
*/
import { DEV_ARTICLES, articlePassages, loadReworded, sampleQuestions } from './support/squad.ts'
import { benchEncoder, ingest } from './support/current_engine.ts'
import { rankPassages } from '../app/services/ai/retrieval.ts'
import { chooseAnswer, findAnswer, OFF_TOPIC } from '../app/services/ai/answer_finder.ts'

type Asked = {
  kind: 'answerable' | 'unanswerable' | 'off-topic' | 'reworded (tuning)'
  coverage: number
  cosine: number
  found: boolean
}
const asked: Asked[] = []
const { coverage } = OFF_TOPIC
OFF_TOPIC.cosine = 0

async function ask(passages: Awaited<ReturnType<typeof ingest>>, q: { question: string }, kind: Asked['kind']) {
  const vector = (await benchEncoder.embed([q.question]))[0]
  const retrieval = rankPassages(passages, q.question, vector)
  const chosen = chooseAnswer(retrieval, q.question)
  if (!chosen) return
  const { evidence } = chosen
  asked.push({
    kind,
    coverage: evidence.coverage,
    cosine: evidence.cosine ?? 0,
    found: findAnswer(retrieval, q.question).found,
  })
}

for (const [i, title] of DEV_ARTICLES.entries()) {
  const passages = await ingest(articlePassages(title))
  for (const q of sampleQuestions(title, Infinity)) await ask(passages, q, q.impossible ? 'unanswerable' : 'answerable')
  const next = DEV_ARTICLES[(i + 1) % DEV_ARTICLES.length]
  for (const q of sampleQuestions(next, 60).filter((x) => !x.impossible)) await ask(passages, q, 'off-topic')
}
const tune = loadReworded('tune')
for (const title of new Set(tune.map((q) => q.article))) {
  const passages = await ingest(articlePassages(title))
  for (const q of tune.filter((x) => x.article === title)) await ask(passages, q, 'reworded (tuning)')
}
benchEncoder.save()

const silent = asked.filter(
  (a) => (a.kind === 'answerable' || a.kind === 'reworded (tuning)') && a.found && a.coverage < coverage
)
const lowest = Math.min(...silent.map((a) => a.cosine))
const floor = Math.floor(lowest * 20) / 20
console.log(
  `${silent.length} answerable DEV and tuning questions answered with coverage < ${coverage}; lowest cosine ${lowest.toFixed(3)}`
)
console.log('OFF_TOPIC =', JSON.stringify({ coverage, cosine: floor }))
const pct = (x: number) => `${(x * 100).toFixed(1)} %`.padStart(7)
console.log('  questions                     refused without   with the floor')
for (const kind of ['answerable', 'unanswerable', 'off-topic', 'reworded (tuning)'] as const) {
  const list = asked.filter((a) => a.kind === kind)
  const without = list.filter((a) => !a.found).length / list.length
  const withFloor = list.filter((a) => !a.found || (a.coverage < coverage && a.cosine < floor)).length / list.length
  console.log(`  ${`${kind} (${list.length})`.padEnd(28)}${pct(without)}          ${pct(withFloor)}`)
}
