import { useState } from 'react'
import { Button } from '~/components/button'
import { api } from '~/lib/api'
import { FailureView, useRequest } from '~/components/ai/request'
import type { GameSessionJson, TriviaScoreJson } from '#shared/api/ai'
import { urlFor } from '~/client'
import { SourceLink } from '~/components/study/source_link'
import type { SourceDocs } from '~/lib/passage_link'
import { AddToCards } from '~/components/study/add_to_cards'

/**
 * Plays a trivia game one question at a time, then shows the score and the explanations, each
 * with its source passage. `initialScore` opens on a game already played (the study library).
 */
export function TriviaPlayer({
  game,
  onRestart,
  docs,
  initialScore = null,
  restartLabel = 'Play a new game',
}: {
  game: GameSessionJson
  onRestart: () => void
  docs?: SourceDocs
  initialScore?: TriviaScoreJson | null
  restartLabel?: string
}) {
  const [current, setCurrent] = useState(0)
  const [answers, setAnswers] = useState<number[]>(() => game.questions.map(() => -1))
  const [scored, setScored] = useState<TriviaScoreJson | null>(initialScore)
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
              <li
                key={r.index}
                className={`rounded border p-3 text-sm ${r.correct ? 'border-green-200 bg-green-50' : 'border-red-200 bg-red-50'}`}
              >
                <p className="font-medium">{q.question}</p>
                <p className="mt-1">
                  {r.correct ? 'Correct' : 'Incorrect'} — answer: <strong>{q.options[r.correct_index]}</strong>
                  {!r.correct && r.selected >= 0 ? <> (you chose {q.options[r.selected]})</> : null}
                </p>
                <p className="mt-1 text-slate-600">{r.explanation}</p>
                <SourceLink source={r.citation} docs={docs} className="mt-1 inline-block" />
                {!r.correct ? <AddToCards sessionId={game.id} index={r.index} /> : null}
              </li>
            )
          })}
        </ol>
        <Button className="mt-4" variant="secondary" onClick={onRestart}>
          {restartLabel}
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
            <label
              key={i}
              className={`flex cursor-pointer items-center gap-2 rounded border px-3 py-2 text-sm ${answers[current] === i ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200'}`}
            >
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
            onClick={() =>
              request.run(
                () =>
                  api<TriviaScoreJson>(urlFor('api.ai.trivia.submit', { sessionId: game.id }), {
                    method: 'POST',
                    body: { answers },
                  }),
                setScored
              )
            }
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
