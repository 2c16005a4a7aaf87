import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '~/components/button'
import { ErrorState } from '~/components/states'
import { api, errorMessage } from '~/lib/api'
import { urlFor } from '~/client'
import type { ReviewNextJson, ReviewRatedJson } from '#shared/api/study_review'
import { RATING_BUTTONS, formatInterval, sourceLabel, spokenInterval } from '~/components/study/intervals'

function isTyping(target: EventTarget | null) {
  const el = target as HTMLElement | null
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)))
}

/**
 * Due cards one at a time (issue 27): Space flips, 1–4 rate (Again, Hard, Good, Easy), each
 * rating is saved at once. Every button shows the interval its rating would give. A polite
 * live region says what was saved; focus returns to the card after each rating.
 */
export function ReviewSession({
  initial,
  onRated,
  empty,
}: {
  initial: ReviewNextJson
  onRated?: (dueCount: number) => void
  empty?: React.ReactNode
}) {
  const [state, setState] = useState<ReviewNextJson>(initial)
  const [flipped, setFlipped] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const cardRef = useRef<HTMLDivElement>(null)
  const card = state.card

  const loadNext = useCallback(async () => {
    const next = await api<ReviewNextJson>(urlFor('api.study.review.next'))
    setState(next)
    setFlipped(false)
    return next
  }, [])

  const rate = useCallback(
    async (rating: 1 | 2 | 3 | 4) => {
      if (!card || busy) return
      const label = RATING_BUTTONS[rating - 1].label
      setBusy(true)
      setError(null)
      try {
        const saved = await api<ReviewRatedJson>(urlFor('api.study.review.rate', { cardId: card.id }), {
          method: 'POST',
          body: { rating },
        })
        onRated?.(saved.due_count)
        const next = await loadNext()
        setAnnouncement(
          `Saved: ${label}. ${next.due_count} ${next.due_count === 1 ? 'card' : 'cards'} due.${next.card ? '' : ' All caught up.'}`
        )
        cardRef.current?.focus()
      } catch (err) {
        setError(errorMessage(err))
      } finally {
        setBusy(false)
      }
    },
    [card, busy, loadNext, onRated]
  )

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!card || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return
      const onButton = (event.target as HTMLElement | null)?.tagName === 'BUTTON'
      if (event.key === ' ' && !onButton) {
        event.preventDefault()
        setFlipped((f) => !f)
      } else if (flipped && ['1', '2', '3', '4'].includes(event.key)) {
        event.preventDefault()
        void rate(Number(event.key) as 1 | 2 | 3 | 4)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [card, flipped, rate])

  return (
    <section aria-labelledby="review-heading" data-testid="review-session">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="review-heading" className="text-lg font-semibold">
          Due now
        </h2>
        <p className="text-sm text-slate-600">
          <strong data-testid="due-count">{state.due_count}</strong> {state.due_count === 1 ? 'card' : 'cards'} due
        </p>
      </div>
      <p className="sr-only" role="status" aria-live="polite" data-testid="review-status">
        {announcement}
      </p>
      {error ? (
        <ErrorState message={error} onRetry={() => void loadNext().catch((e) => setError(errorMessage(e)))} />
      ) : null}
      {card ? (
        <div className="mt-3">
          <div
            ref={cardRef}
            tabIndex={-1}
            className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm focus:outline focus:outline-2 focus:outline-indigo-600"
            data-testid="review-card"
            data-card-id={card.id}
            role="region"
            aria-label={flipped ? 'Card, answer shown' : 'Card, question side'}
          >
            <p className="text-xs uppercase tracking-wide text-slate-500">Question</p>
            <p className="mt-1 whitespace-pre-line text-lg" data-testid="card-front">
              {card.front}
            </p>
            {flipped ? (
              <div className="mt-4 border-t border-slate-100 pt-4">
                <p className="text-xs uppercase tracking-wide text-slate-500">Answer</p>
                <p className="mt-1 whitespace-pre-line" data-testid="card-back">
                  {card.back}
                </p>
                {card.source_url && card.source ? (
                  <a
                    href={card.source_url}
                    className="mt-3 inline-block text-sm text-indigo-700 underline"
                    data-testid="card-source"
                  >
                    {sourceLabel(card.source.chunk_index)}
                  </a>
                ) : null}
              </div>
            ) : null}
          </div>
          {flipped ? (
            <div
              className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4"
              role="group"
              aria-label="Rate how well you remembered"
            >
              {RATING_BUTTONS.map((b) => (
                <Button
                  key={b.rating}
                  variant={b.rating === 3 ? 'primary' : 'secondary'}
                  disabled={busy}
                  onClick={() => void rate(b.rating)}
                  aria-keyshortcuts={String(b.rating)}
                  data-testid={`rate-${b.key}`}
                  className="flex-col"
                >
                  <span>
                    {b.rating} · {b.label}
                  </span>
                  <span className="text-xs font-normal">
                    <span className="sr-only">next review in </span>
                    <span data-testid={`interval-${b.key}`} title={`in ${spokenInterval(card.intervals[b.key])}`}>
                      {formatInterval(card.intervals[b.key])}
                    </span>
                  </span>
                </Button>
              ))}
            </div>
          ) : (
            <Button
              className="mt-4 w-full sm:w-auto"
              onClick={() => setFlipped(true)}
              aria-keyshortcuts="Space"
              data-testid="flip"
            >
              Show answer (Space)
            </Button>
          )}
          <p className="mt-3 text-xs text-slate-500">Keys: Space shows the answer, 1 Again, 2 Hard, 3 Good, 4 Easy.</p>
        </div>
      ) : (
        <div
          className="mt-3 rounded-lg border border-dashed border-slate-300 px-6 py-8 text-center"
          data-testid="review-done"
        >
          {empty ?? (
            <>
              <p className="font-medium text-slate-700">All caught up</p>
              <p className="mt-1 text-sm text-slate-500">
                No card is due right now. Cards you rated come back when they are due.
              </p>
            </>
          )}
        </div>
      )}
    </section>
  )
}
