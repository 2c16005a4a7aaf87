import type { ToolKind } from '#shared/api/ai'
import type {
  FlashcardSetJson,
  GameSessionJson,
  GeneratedCourseJson,
  QaAnswerJson,
  StudyGuideJson,
  SummaryJson,
} from '#shared/api/ai'
import { Section } from '~/components/ai/document_picker'
import { SummaryResult } from '~/components/ai/results/summary_result'
import { FlashcardView } from '~/components/ai/results/flashcards_result'
import { QaResult } from '~/components/ai/results/qa_result'
import { StudyGuideResult } from '~/components/ai/results/study_guide_result'
import { TriviaPlayer } from '~/components/ai/results/trivia_result'
import { CourseResult } from '~/components/ai/results/course_result'
import { urlFor } from '~/client'
import type { SourceDocs } from '~/lib/passage_link'

export type ToolRunResult = { kind: ToolKind; value: any; read: string[] }

/** A finished run: what was read, where it was saved, and the tool's own result view. */
export function ToolResultSection({
  result,
  titles,
  docs,
  onRestart,
}: {
  result: ToolRunResult
  titles: Record<string, string>
  docs: SourceDocs
  onRestart: () => void
}) {
  return (
    <Section title="Result">
      {result.read.length ? (
        <p className="mb-3 text-xs text-slate-600" data-testid="result-read">
          Read from: {result.read.map((id) => titles[id] ?? 'a document').join(', ')}
        </p>
      ) : null}
      {result.kind !== 'qa' ? (
        <p className="mb-3 text-xs text-slate-600">
          Saved to{' '}
          <a href={urlFor('pages.study.index')} className="text-indigo-700 underline">
            your study library
          </a>
          : come back to it any time.
        </p>
      ) : null}
      {result.kind === 'summary' ? (
        <SummaryResult summary={result.value as SummaryJson} titles={titles} docs={docs} />
      ) : null}
      {result.kind === 'flashcards' ? <FlashcardView set={result.value as FlashcardSetJson} docs={docs} /> : null}
      {result.kind === 'qa' ? <QaResult answer={result.value as QaAnswerJson} titles={titles} docs={docs} /> : null}
      {result.kind === 'study-guide' ? (
        <StudyGuideResult guide={result.value as StudyGuideJson} titles={titles} docs={docs} />
      ) : null}
      {result.kind === 'trivia-game' ? (
        <TriviaPlayer
          key={(result.value as GameSessionJson).id}
          game={result.value as GameSessionJson}
          onRestart={onRestart}
          docs={docs}
        />
      ) : null}
      {result.kind === 'course' ? <CourseResult course={result.value as GeneratedCourseJson} /> : null}
    </Section>
  )
}
