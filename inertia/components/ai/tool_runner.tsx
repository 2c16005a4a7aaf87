import { useState, type ReactNode } from 'react'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'
import { ErrorState } from '~/components/states'
import { VerificationBanner } from '~/components/verification_banner'
import { UploadModal, type UploadedDocument } from '~/components/upload_modal'
import { api, ApiRequestError, errorMessage } from '~/lib/api'
import type { QaAnswerJson } from '#shared/api/ai'

export type ToolKind = 'summary' | 'flashcards' | 'qa' | 'study-guide' | 'trivia-game' | 'course'
export type MyDocument = { id: string; slug: string; title: string; ingest_status: string; chunk_count: number }
type ChunkRef = { document_id: string; chunk_index: number }

type Failure = { code: string; message: string; upgradeUrl?: string; retry: () => void }

/** Runs an API call with the in-flight / error / retry states every tool shares. */
export function useRequest() {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  async function run<T>(call: () => Promise<T>, onSuccess: (value: T) => void) {
    const attempt = async () => {
      setBusy(true)
      setFailure(null)
      try {
        onSuccess(await call())
      } catch (error) {
        const e = error instanceof ApiRequestError ? error : null
        setFailure({
          code: e?.code || 'ERROR',
          message: errorMessage(error),
          upgradeUrl: typeof e?.body.upgrade_url === 'string' ? e.body.upgrade_url : undefined,
          retry: attempt,
        })
      } finally {
        setBusy(false)
      }
    }
    await attempt()
  }
  return { busy, failure, run, clear: () => setFailure(null) }
}

/** EMAIL_NOT_VERIFIED → the verification banner (not a toast); free plan → upgrade prompt; else Try again. */
export function FailureView({ failure }: { failure: Failure | null }) {
  if (!failure) return null
  if (failure.code === 'EMAIL_NOT_VERIFIED') {
    return (
      <div className="space-y-2" data-testid="tool-unverified">
        <VerificationBanner />
        <Banner tone="warning">Please verify your email address to use the AI tools.</Banner>
      </div>
    )
  }
  if (failure.upgradeUrl) {
    return (
      <Banner tone="info" testId="tool-upgrade">
        <p>{failure.message}</p>
        <a href={failure.upgradeUrl} className="mt-1 inline-block font-semibold text-indigo-700 underline">
          Upgrade to Pro or Plus
        </a>
      </Banner>
    )
  }
  return <ErrorState message={failure.message} onRetry={failure.retry} />
}

/** Opens a cited passage (the chunk a result came from). */
export function Citations({ refs, titles }: { refs: ChunkRef[] | undefined; titles: Record<string, string> }) {
  const [open, setOpen] = useState<string | null>(null)
  const [text, setText] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  if (!refs || refs.length === 0) return null
  async function toggle(ref: ChunkRef) {
    const key = `${ref.document_id}:${ref.chunk_index}`
    if (open === key) return setOpen(null)
    setOpen(key)
    setError(null)
    if (text[key]) return
    try {
      const passage = await api<{ text: string }>(`/ai/passages/${ref.document_id}/${ref.chunk_index}`)
      setText((t) => ({ ...t, [key]: passage.text }))
    } catch (e) {
      setError(errorMessage(e))
    }
  }
  return (
    <div className="mt-2 text-xs">
      <span className="text-slate-500">Sources: </span>
      {refs.map((ref) => {
        const key = `${ref.document_id}:${ref.chunk_index}`
        return (
          <button key={key} type="button" onClick={() => toggle(ref)} aria-expanded={open === key} className="mr-2 text-indigo-700 underline" data-testid="citation">
            {titles[ref.document_id] || `Document ${ref.document_id}`} · passage {ref.chunk_index + 1}
          </button>
        )
      })}
      {open ? (
        <blockquote className="mt-2 whitespace-pre-line rounded border-l-4 border-indigo-300 bg-slate-50 p-3 text-sm text-slate-700" data-testid="passage">
          {error || text[open] || 'Loading passage…'}
        </blockquote>
      ) : null}
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  )
}

/** Picks ingested documents (or uploads one); tools needing a scope stay disabled without one. */
export function DocumentPicker({
  documents,
  selected,
  onChange,
  onUploaded,
}: {
  documents: MyDocument[]
  selected: string[]
  onChange: (ids: string[]) => void
  onUploaded: (document: UploadedDocument) => void
}) {
  const [open, setOpen] = useState(false)
  const ready = documents.filter((d) => d.ingest_status === 'ready' && d.chunk_count > 0)
  return (
    <Section title="1. Choose your documents">
      {ready.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="no-documents">
          No document yet. Upload one to get started.
        </p>
      ) : (
        <ul className="max-h-56 space-y-1 overflow-auto" aria-label="Your documents">
          {ready.map((d) => (
            <li key={d.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={selected.includes(d.id)}
                  onChange={(event) => onChange(event.target.checked ? [...selected, d.id] : selected.filter((id) => id !== d.id))}
                />
                {d.title}
              </label>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)} data-testid="open-upload">
        Upload a document
      </Button>
      <UploadModal
        open={open}
        onClose={() => setOpen(false)}
        onUploaded={(document) => {
          onUploaded(document)
        }}
      />
    </Section>
  )
}

// --------------------------------------------------------------------------- results

type Summary = { id: string; summary: string; key_points: string[]; citations?: ChunkRef[] }
type FlashcardSet = { id: string; title: string; cards: { id: string; front: string; back: string; citation?: ChunkRef | null }[] }
type Guide = { id: string; title: string; sections: { id: string; heading: string; content: string; order: number; citations?: ChunkRef[] }[] }
type Game = { id: string; difficulty: string; questions: { index: number; question: string; options: string[] }[] }
type Scored = { attempt_id: string; score: number; total: number; results: { index: number; selected: number; correct_index: number; correct: boolean; explanation: string }[] }
type Course = { id: string; title: string; description: string; modules: { title: string; lessons: { title: string; summary: string }[] }[] }

function FlashcardView({ set }: { set: FlashcardSet }) {
  const [flipped, setFlipped] = useState<Record<string, boolean>>({})
  return (
    <div data-testid="flashcards-result">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{set.title}</h3>
        <div className="flex gap-3 text-sm">
          <a className="text-indigo-700 underline" href={`/api/ai/tools/flashcards/sets/${set.id}/export?format=csv`}>
            Export CSV
          </a>
          <a className="text-indigo-700 underline" href={`/api/ai/tools/flashcards/sets/${set.id}/export?format=anki`}>
            Export for Anki
          </a>
        </div>
      </div>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {set.cards.map((card) => (
          <li key={card.id}>
            <button
              type="button"
              aria-pressed={Boolean(flipped[card.id])}
              onClick={() => setFlipped((f) => ({ ...f, [card.id]: !f[card.id] }))}
              className={`flex min-h-32 w-full flex-col justify-center rounded-lg border p-4 text-left text-sm shadow-sm transition ${flipped[card.id] ? 'border-indigo-300 bg-indigo-50' : 'border-slate-200 bg-white'}`}
              data-testid="flashcard"
            >
              <span className="mb-1 text-xs uppercase tracking-wide text-slate-500">{flipped[card.id] ? 'Back' : 'Front'} · click to flip</span>
              <span>{flipped[card.id] ? card.back : card.front}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

function TriviaPlayer({ game, onRestart }: { game: Game; onRestart: () => void }) {
  const [current, setCurrent] = useState(0)
  const [answers, setAnswers] = useState<number[]>(() => game.questions.map(() => -1))
  const [scored, setScored] = useState<Scored | null>(null)
  const request = useRequest()
  const question = game.questions[current]
  const last = current === game.questions.length - 1

  if (scored) {
    return (
      <div data-testid="trivia-result">
        <p className="text-lg font-semibold">
          Your score: {scored.score} / {scored.total}
        </p>
        <ol className="mt-3 space-y-3">
          {scored.results.map((r) => {
            const q = game.questions[r.index]
            return (
              <li key={r.index} className={`rounded border p-3 text-sm ${r.correct ? 'border-green-200 bg-green-50' : 'border-red-200 bg-red-50'}`}>
                <p className="font-medium">{q.question}</p>
                <p className="mt-1">
                  {r.correct ? 'Correct' : 'Incorrect'} — answer: <strong>{q.options[r.correct_index]}</strong>
                  {!r.correct && r.selected >= 0 ? <> (you chose {q.options[r.selected]})</> : null}
                </p>
                <p className="mt-1 text-slate-600">{r.explanation}</p>
              </li>
            )
          })}
        </ol>
        <Button className="mt-4" variant="secondary" onClick={onRestart}>
          Play a new game
        </Button>
      </div>
    )
  }

  return (
    <div data-testid="trivia-player">
      <p className="text-xs text-slate-500">
        Question {current + 1} of {game.questions.length} · {game.difficulty}
      </p>
      <fieldset className="mt-2">
        <legend className="font-medium">{question.question}</legend>
        <div className="mt-3 space-y-2">
          {question.options.map((option, i) => (
            <label key={i} className={`flex cursor-pointer items-center gap-2 rounded border px-3 py-2 text-sm ${answers[current] === i ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200'}`}>
              <input
                type="radio"
                name={`q-${current}`}
                checked={answers[current] === i}
                onChange={() => setAnswers((a) => a.map((v, j) => (j === current ? i : v)))}
              />
              {option}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex gap-2">
        <Button variant="secondary" disabled={current === 0} onClick={() => setCurrent((c) => c - 1)}>
          Previous
        </Button>
        {last ? (
          <Button
            loading={request.busy}
            disabled={answers.some((a) => a < 0)}
            onClick={() => request.run(() => api<Scored>(`/ai/tools/trivia-game/${game.id}/submit`, { method: 'POST', body: { answers } }), setScored)}
            data-testid="trivia-submit"
          >
            Submit answers
          </Button>
        ) : (
          <Button disabled={answers[current] < 0} onClick={() => setCurrent((c) => c + 1)} data-testid="trivia-next">
            Next question
          </Button>
        )}
      </div>
      <div className="mt-3">
        <FailureView failure={request.failure} />
      </div>
    </div>
  )
}

/** The working tool for signed-in users (one per /ai/* page). */
export function ToolRunner({ tool, documents: initialDocuments }: { tool: ToolKind; documents: MyDocument[] }) {
  const [documents, setDocuments] = useState<MyDocument[]>(initialDocuments)
  const [selected, setSelected] = useState<string[]>(() => (initialDocuments[0] && initialDocuments[0].chunk_count > 0 ? [initialDocuments[0].id] : []))
  const [count, setCount] = useState(10)
  const [questionCount, setQuestionCount] = useState(5)
  const [difficulty, setDifficulty] = useState<'easy' | 'medium' | 'hard'>('medium')
  const [focusTopic, setFocusTopic] = useState('')
  const [query, setQuery] = useState('')
  const [topic, setTopic] = useState('')
  const [level, setLevel] = useState<'beginner' | 'intermediate' | 'advanced'>('beginner')
  const [result, setResult] = useState<{ kind: ToolKind; value: any } | null>(null)
  const request = useRequest()
  const titles = Object.fromEntries(documents.map((d) => [d.id, d.title]))
  const needsScope = tool !== 'course'
  const noScope = selected.length === 0
  const scope = { document_ids: selected }

  function onUploaded(document: UploadedDocument) {
    setDocuments((list) => [{ id: document.id, slug: document.slug, title: document.title, ingest_status: document.ingest_status, chunk_count: 1 }, ...list.filter((d) => d.id !== document.id)])
    setSelected((ids) => (ids.includes(document.id) ? ids : [...ids, document.id]))
  }

  function trigger() {
    const calls: Record<ToolKind, () => Promise<unknown>> = {
      'summary': () => api('/ai/tools/summary', { method: 'POST', body: { scope } }),
      'flashcards': () => api('/ai/tools/flashcards', { method: 'POST', body: { scope, count } }),
      'qa': () => api('/ai/tools/qa', { method: 'POST', body: { scope, user_query: query.trim() } }),
      'study-guide': () => api('/ai/tools/study-guide', { method: 'POST', body: { scope } }),
      'trivia-game': () => api('/ai/tools/trivia-game', { method: 'POST', body: { scope, questionCount, difficulty, focusTopic: focusTopic.trim() || undefined } }),
      'course': () => api('/generated-courses', { method: 'POST', body: { topic: topic.trim(), level, document_ids: selected.length ? selected : undefined } }),
    }
    setResult(null)
    request.run(calls[tool], (value) => setResult({ kind: tool, value }))
  }

  const labels: Record<ToolKind, string> = {
    'summary': 'Summarize',
    'flashcards': 'Build flashcards',
    'qa': 'Ask',
    'study-guide': 'Generate study guide',
    'trivia-game': 'Start trivia game',
    'course': 'Build course',
  }
  const blocked = (needsScope && noScope) || (tool === 'qa' && !query.trim()) || (tool === 'course' && topic.trim().length < 2)
  const reason = needsScope && noScope ? 'Upload or select a document first' : tool === 'qa' && !query.trim() ? 'Type a question first' : tool === 'course' && topic.trim().length < 2 ? 'Enter a topic first' : undefined

  return (
    <div className="space-y-4" data-testid="tool-runner">
      <DocumentPicker documents={documents} selected={selected} onChange={setSelected} onUploaded={onUploaded} />
      <Section title={tool === 'course' ? '2. Describe your course' : '2. Run the tool'}>
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault()
            if (!blocked && !request.busy) trigger()
          }}
        >
          {tool === 'flashcards' ? (
            <label className="block text-sm">
              Number of cards
              <input type="number" min={1} max={50} value={count} onChange={(e) => setCount(Math.max(1, Math.min(50, Number(e.target.value) || 1)))} className="ml-2 w-20 rounded border border-slate-300 px-2 py-1" />
            </label>
          ) : null}
          {tool === 'trivia-game' ? (
            <div className="flex flex-wrap gap-4 text-sm">
              <label>
                Questions
                <input type="number" min={1} max={20} value={questionCount} onChange={(e) => setQuestionCount(Math.max(1, Math.min(20, Number(e.target.value) || 1)))} className="ml-2 w-20 rounded border border-slate-300 px-2 py-1" />
              </label>
              <label>
                Difficulty
                <select value={difficulty} onChange={(e) => setDifficulty(e.target.value as typeof difficulty)} className="ml-2 rounded border border-slate-300 px-2 py-1">
                  <option value="easy">Easy</option>
                  <option value="medium">Medium</option>
                  <option value="hard">Hard</option>
                </select>
              </label>
              <label>
                Focus topic (optional)
                <input value={focusTopic} maxLength={200} onChange={(e) => setFocusTopic(e.target.value)} className="ml-2 rounded border border-slate-300 px-2 py-1" />
              </label>
            </div>
          ) : null}
          {tool === 'qa' ? (
            <label className="block text-sm">
              Your question
              <input
                value={query}
                maxLength={2000}
                disabled={noScope}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={noScope ? 'Upload a document first' : 'e.g. What does chlorophyll do?'}
                className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
                name="user_query"
              />
            </label>
          ) : null}
          {tool === 'course' ? (
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex-1">
                Topic
                <input value={topic} maxLength={200} onChange={(e) => setTopic(e.target.value)} className="mt-1 block w-full rounded border border-slate-300 px-3 py-2" name="topic" />
              </label>
              <label>
                Level
                <select value={level} onChange={(e) => setLevel(e.target.value as typeof level)} className="mt-1 block rounded border border-slate-300 px-2 py-2">
                  <option value="beginner">Beginner</option>
                  <option value="intermediate">Intermediate</option>
                  <option value="advanced">Advanced</option>
                </select>
              </label>
            </div>
          ) : null}
          <Button type="submit" loading={request.busy} disabled={blocked || request.busy} title={reason} data-testid="tool-trigger">
            {labels[tool]}
          </Button>
          {reason && needsScope && noScope ? <p className="text-xs text-slate-500">{reason}.</p> : null}
        </form>
      </Section>

      <FailureView failure={request.failure} />

      {result ? (
        <Section title="Result">
          {result.kind === 'summary' ? (
            <div data-testid="summary-result">
              <p className="text-sm leading-relaxed">{(result.value as Summary).summary}</p>
              <h4 className="mt-3 text-sm font-semibold">Key points</h4>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                {(result.value as Summary).key_points.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
              <Citations refs={(result.value as Summary).citations} titles={titles} />
            </div>
          ) : null}
          {result.kind === 'flashcards' ? <FlashcardView set={result.value as FlashcardSet} /> : null}
          {result.kind === 'qa' ? (
            (result.value as QaAnswerJson).found === false ? (
              <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="qa-not-found">
                <p className="font-semibold text-amber-900">Not found in your documents</p>
                <p className="mt-1 text-amber-900">{(result.value as QaAnswerJson).answer}</p>
                <p className="mt-1 text-slate-600">Try other words, or add a document that covers it. No credit was used.</p>
              </div>
            ) : (
              <div data-testid="qa-result">
                <p className="text-sm leading-relaxed">{(result.value as QaAnswerJson).answer}</p>
                <h4 className="mt-3 text-sm font-semibold">Sources</h4>
                <ol className="mt-1 space-y-2 text-sm">
                  {(result.value as QaAnswerJson).sources.map((s, i) => (
                    <li key={i} className="rounded border border-slate-200 p-2" data-testid="qa-source">
                      <p className="text-slate-700">“{s.snippet}”</p>
                      <Citations refs={[{ document_id: s.document_id, chunk_index: s.chunk_index }]} titles={titles} />
                    </li>
                  ))}
                </ol>
              </div>
            )
          ) : null}
          {result.kind === 'study-guide' ? (
            <div data-testid="study-guide-result">
              <h3 className="font-semibold">{(result.value as Guide).title}</h3>
              {(result.value as Guide).sections.map((s) => (
                <section key={s.id} className="mt-3">
                  <h4 className="text-sm font-semibold">{s.heading}</h4>
                  <p className="text-sm leading-relaxed">{s.content}</p>
                  <Citations refs={s.citations} titles={titles} />
                </section>
              ))}
            </div>
          ) : null}
          {result.kind === 'trivia-game' ? <TriviaPlayer key={(result.value as Game).id} game={result.value as Game} onRestart={() => setResult(null)} /> : null}
          {result.kind === 'course' ? (
            <div data-testid="course-result">
              <h3 className="font-semibold">{(result.value as Course).title}</h3>
              <p className="text-sm text-slate-600">{(result.value as Course).description}</p>
              <CourseModules modules={(result.value as Course).modules} />
              <a href="/ai-courses" className="mt-3 inline-block text-sm text-indigo-700 underline">
                See all your courses
              </a>
            </div>
          ) : null}
        </Section>
      ) : null}
    </div>
  )
}

/** The modules and lessons of a generated course (tool result and the /ai-courses list). */
export function CourseModules({ modules }: { modules: { title: string; lessons: { title: string; summary: string }[] }[] }) {
  return (
    <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
      {modules.map((m, i) => (
        <li key={i}>
          <span className="font-medium">{m.title}</span>
          <ul className="list-disc pl-5">
            {m.lessons.map((l, j) => (
              <li key={j}>
                <span className="font-medium">{l.title}:</span> {l.summary}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  )
}
