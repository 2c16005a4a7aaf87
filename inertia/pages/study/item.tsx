import { useState } from 'react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { Button } from '~/components/button'
import { LocalTime } from '~/components/local_time'
import { SummaryResult } from '~/components/ai/results/summary_result'
import { FlashcardView } from '~/components/ai/results/flashcards_result'
import { StudyGuideResult } from '~/components/ai/results/study_guide_result'
import { TriviaPlayer } from '~/components/ai/results/trivia_result'
import { CourseModules } from '~/components/ai/results/course_result'
import { KIND_LABELS, useLibraryDelete } from '~/components/study/library_entries'
import { sourceDocs } from '~/lib/passage_link'
import { urlFor } from '~/client'
import type { LibraryResultJson, SourceDocumentJson } from '#shared/api/study'

type Props = { result: LibraryResultJson; title: string; documents: SourceDocumentJson[] }

const CONTENT: Record<LibraryResultJson['kind'], string> = {
  summary: 'The summary',
  flashcards: 'The cards',
  study_guide: 'The guide',
  trivia: 'The game',
  course: 'The modules',
}

function idOf(result: LibraryResultJson) {
  return result.value.id
}

/** One stored result of the study library on its own page (issue 27 item 1). */
export default function StudyItem({ result, title, documents }: Props) {
  const docs = sourceDocs(documents)
  const titles = Object.fromEntries(documents.map((d) => [d.id, d.title]))
  const [round, setRound] = useState(0)
  const remover = useLibraryDelete(() => {
    window.location.href = urlFor('pages.study.index')
  })

  return (
    <AppLayout>
      <Seo title={title} description="A saved result from your StudyHub study library." robots="noindex, nofollow" />
      <nav aria-label="Breadcrumb" className="text-sm">
        <a href={urlFor('pages.study.index')} className="text-indigo-700 underline">
          My study library
        </a>
      </nav>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{KIND_LABELS[result.kind]}</p>
          <h1 className="break-words text-2xl font-bold" data-testid="study-item-title">
            {title}
          </h1>
          <p className="mt-1 text-xs text-slate-600">
            Made <LocalTime value={result.value.created_at} />
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => remover.ask({ kind: result.kind, id: idOf(result), title })}
          data-testid="study-item-delete"
        >
          Delete
        </Button>
      </div>
      {documents.length ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="study-item-sources">
          Made from:{' '}
          {documents.map((d, i) => (
            <span key={d.id}>
              {i > 0 ? ', ' : ''}
              {d.slug ? (
                <a href={urlFor('pages.documents.show', { slug: d.slug })} className="text-indigo-700 underline">
                  {d.title}
                </a>
              ) : (
                d.title
              )}
            </span>
          ))}
        </p>
      ) : null}

      <section
        aria-labelledby="result-heading"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
        data-testid="study-item"
      >
        <h2 id="result-heading" className="mb-3 text-lg font-semibold">
          {CONTENT[result.kind]}
        </h2>
        {result.kind === 'summary' ? <SummaryResult summary={result.value} titles={titles} docs={docs} /> : null}
        {result.kind === 'flashcards' ? <FlashcardView set={result.value} docs={docs} /> : null}
        {result.kind === 'study_guide' ? <StudyGuideResult guide={result.value} titles={titles} docs={docs} /> : null}
        {result.kind === 'trivia' ? (
          <TriviaPlayer
            key={round}
            game={result.value}
            docs={docs}
            initialScore={round === 0 ? result.attempt : null}
            restartLabel="Play again"
            onRestart={() => setRound((n) => n + 1)}
          />
        ) : null}
        {result.kind === 'course' ? (
          <div data-testid="course-result">
            <p className="text-sm text-slate-600">{result.value.description}</p>
            <CourseModules modules={result.value.modules} />
          </div>
        ) : null}
      </section>
      {remover.dialog}
    </AppLayout>
  )
}
