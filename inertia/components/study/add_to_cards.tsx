import { useState } from 'react'
import { Button } from '~/components/button'
import { api, errorMessage } from '~/lib/api'
import { urlFor } from '~/client'
import type { TriviaCardJson } from '#shared/api/study_review'

/** "Add to my cards" under a missed trivia question (issue 27 item 4): POST /api/study/cards. */
export function AddToCards({ sessionId, index }: { sessionId: string; index: number }) {
  const [state, setState] = useState<'idle' | 'busy' | 'added'>('idle')
  const [error, setError] = useState<string | null>(null)

  async function add() {
    setState('busy')
    setError(null)
    try {
      await api<TriviaCardJson>(urlFor('api.study.cards.store'), {
        method: 'POST',
        body: { trivia_session_id: Number(sessionId), index },
      })
      setState('added')
    } catch (err) {
      setError(errorMessage(err))
      setState('idle')
    }
  }

  return (
    <div className="mt-2" data-testid={`add-to-cards-${index}`}>
      {state === 'added' ? (
        <p role="status" className="text-sm text-green-800">
          Added to your cards.{' '}
          <a href={urlFor('pages.study.review')} className="underline">
            Review now
          </a>
        </p>
      ) : (
        <Button variant="secondary" loading={state === 'busy'} onClick={() => void add()}>
          Add to my cards
        </Button>
      )}
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
