import { useState } from 'react'
import type { FlashcardSetJson } from '#shared/api/ai'
import { urlFor } from '~/client'
import { SourceLink } from '~/components/study/source_link'
import type { SourceDocs } from '~/lib/passage_link'

/** A flashcard set: cards that flip on click, each with its source passage, and its CSV / Anki exports. */
export function FlashcardView({ set, docs }: { set: FlashcardSetJson; docs?: SourceDocs }) {
  const [flipped, setFlipped] = useState<Record<string, boolean>>({})
  return (
    <div data-testid="flashcards-result">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{set.title}</h3>
        <div className="flex gap-3 text-sm">
          <a
            className="text-indigo-700 underline"
            href={urlFor('api.ai.flashcards.export', { setId: set.id }, { qs: { format: 'csv' } })}
          >
            Export CSV
          </a>
          <a
            className="text-indigo-700 underline"
            href={urlFor('api.ai.flashcards.export', { setId: set.id }, { qs: { format: 'anki' } })}
          >
            Export for Anki
          </a>
        </div>
      </div>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {set.cards.map((card) => (
          <li key={card.id} data-testid="flashcard-item">
            <button
              type="button"
              aria-pressed={Boolean(flipped[card.id])}
              onClick={() => setFlipped((f) => ({ ...f, [card.id]: !f[card.id] }))}
              className={`flex min-h-32 w-full flex-col justify-center rounded-lg border p-4 text-left text-sm shadow-sm transition ${flipped[card.id] ? 'border-indigo-300 bg-indigo-50' : 'border-slate-200 bg-white'}`}
              data-testid="flashcard"
            >
              <span className="mb-1 text-xs uppercase tracking-wide text-slate-500">
                {flipped[card.id] ? 'Back' : 'Front'} · click to flip
              </span>
              <span className="whitespace-pre-line">{flipped[card.id] ? card.back : card.front}</span>
            </button>
            <SourceLink source={card.citation} docs={docs} className="mt-1 inline-block" />
          </li>
        ))}
      </ul>
    </div>
  )
}
