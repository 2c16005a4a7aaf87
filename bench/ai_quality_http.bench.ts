/*
| Q&A measured from outside (issue 25): `npm run bench ai_quality_http`. The production build is
| served; a student uploads each held-out SQuAD article as a .txt file, waits until the page shows
| its vectors ready, and asks the sampled questions through `POST /api/ai/tools/qa`. The figures
| are counted from the JSON answers, as an outside grader counts them, and set beside the
| in-process engine of `npm run bench ai_quality` on the same questions: the two must agree.
| The AI throttle (20 requests an hour) is cleared between questions in the scratch database, as a
| grader with many accounts would get round it. AI_BENCH_SAMPLE=N questions of each kind per
| article (default 50).
*/
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { buildApp, root, runAce, scratchApp, apiSignIn } from './support/bench_kit.ts'
import { BENCH_UA, startBuiltServer } from './support/ratio_kit.ts'
import { HELD_OUT_ARTICLES, articlePassages, containsGold, loadArticles, sampleQuestions } from './support/squad.ts'
import { currentEngine } from './support/current_engine.ts'

type Session = { cookie: string; xsrf: string }
type Outcome = { found: boolean; hit: boolean }

const perKind = Number(process.env.AI_BENCH_SAMPLE) || 50
const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)} %`.padStart(8)

async function api(base: string, session: Session, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: {
      'user-agent': BENCH_UA,
      'accept': 'application/json',
      'x-xsrf-token': session.xsrf,
      'cookie': session.cookie,
      ...(init.headers as Record<string, string>),
    },
  })
  const body = (await response.json().catch(() => null)) as any
  return { status: response.status, body }
}

async function upload(base: string, session: Session, title: string) {
  const text = loadArticles().get(title)!.paragraphs.join('\n\n')
  const form = new FormData()
  form.append('file', new Blob([text], { type: 'text/plain' }), `${title}.txt`)
  form.append('title', title)
  const r = await api(base, session, '/api/documents/upload', { method: 'POST', body: form })
  if (r.status !== 201) throw new Error(`upload of ${title}: ${r.status} ${JSON.stringify(r.body)}`)
  return String(r.body.document.id)
}

/** Waits until the owner's document list shows the document's vectors ready (the page's progress). */
async function embedded(base: string, session: Session, id: string) {
  const until = Date.now() + 10 * 60_000
  while (Date.now() < until) {
    const r = await api(base, session, '/api/my/documents?limit=100')
    const doc = (r.body?.data as any[] | undefined)?.find((d) => String(d.id) === id)
    if (doc?.embedding_status === 'ready') return
    if (doc?.embedding_status === 'failed') throw new Error(`embedding of document ${id} failed`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`document ${id} was not embedded within 10 minutes`)
}

async function main() {
  buildApp()
  const scratch = await scratchApp('ai-http', { AI_EMBEDDINGS: 'local', AI_PROVIDER: 'local' })
  let stop = async () => {}
  let db: InstanceType<typeof Database> | null = null
  try {
    runAce(['migration:run', '--force'], scratch.env)
    for (const flag of ['enable_uploads', 'enable_ai_tools']) runAce(['flags:create', flag, '--enabled'], scratch.env)
    const password = randomBytes(12).toString('base64url')
    const email = 'ai-http@example.com'
    runAce(['user:create', email, `--password=${password}`, '--verified', '--plan=plus'], scratch.env)
    const server = await startBuiltServer(scratch.env, '/api/health/live')
    stop = server.stop
    const session = await apiSignIn(scratch.base, email, password, BENCH_UA)
    db = new Database(join(root, scratch.sqliteFile))

    const http: Outcome[] = []
    const local: Outcome[] = []
    const kinds: boolean[] = []
    let disagreements = 0
    let errors = 0
    for (const title of HELD_OUT_ARTICLES) {
      const id = await upload(scratch.base, session, title)
      const started = Date.now()
      await embedded(scratch.base, session, id)
      console.log(`  ${title}: vectors ready ${((Date.now() - started) / 1000).toFixed(1)} s after the upload`)
      const ask = await currentEngine.prepare(articlePassages(title))
      for (const q of sampleQuestions(title, perKind)) {
        db!.prepare('DELETE FROM rate_limits').run()
        const r = await api(scratch.base, session, '/api/ai/tools/qa', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ scope: { document_ids: [id] }, user_query: q.question }),
        })
        if (r.status !== 200 && r.status !== 201) {
          errors++
          console.log(`  ${r.status} ${q.question} → ${JSON.stringify(r.body).slice(0, 200)}`)
          continue
        }
        const mine = await ask(q.question)
        const outcome = (found: boolean, answer: string) => ({
          found,
          hit: found && answer.length <= 300 && containsGold(answer, q.answers),
        })
        const a = outcome(r.body.found === true, String(r.body.answer ?? ''))
        const b = outcome(mine.found, mine.answer)
        if (a.found !== b.found || a.hit !== b.hit) disagreements++
        http.push(a)
        local.push(b)
        kinds.push(q.impossible)
      }
    }

    const figures = (outcomes: Outcome[]) => {
      const answerable = outcomes.filter((_, i) => !kinds[i])
      const unanswerable = outcomes.filter((_, i) => kinds[i])
      return [
        pct(answerable.filter((o) => o.hit).length, answerable.length),
        pct(unanswerable.filter((o) => !o.found).length, unanswerable.length),
        pct(answerable.filter((o) => !o.found).length, answerable.length),
      ]
    }
    const [h, l] = [figures(http), figures(local)]
    console.log(`Held-out articles through the HTTP API (${http.length} questions answered, ${errors} errors)`)
    console.log(`  ${''.padEnd(36)}${'goal'.padEnd(10)}    HTTP  in-process`)
    const labels: [string, string][] = [
      ['gold inside a ≤ 300-char answer', '≥ 70 %'],
      ['unanswerable refused', '≥ 50 %'],
      ['answerable wrongly refused', '≤ 15 %'],
    ]
    labels.forEach(([label, goal], i) => console.log(`  ${label.padEnd(36)}${goal.padEnd(10)}${h[i]}  ${l[i]}`))
    console.log(`  questions where HTTP and in-process differ: ${disagreements}`)
    if (errors > 0 || disagreements > http.length * 0.01) process.exitCode = 1
  } finally {
    db?.close()
    await stop()
    scratch.remove()
  }
}

await main()
