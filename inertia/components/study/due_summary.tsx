import { Link } from '@adonisjs/inertia/react'
import { LocalTime } from '~/components/local_time'
import type { StudyProgressJson } from '#shared/api/study_review'

/** The dashboard's review card (issue 27): due in total and per set, and the exams ahead. */
export function DueSummary({ progress }: { progress: StudyProgressJson }) {
  const due = progress.sets.filter((s) => s.due_count > 0).slice(0, 5)
  return (
    <div data-testid="due-summary">
      <p className="text-sm">
        <strong className="text-2xl" data-testid="dashboard-due-total">
          {progress.total_due}
        </strong>{' '}
        {progress.total_due === 1 ? 'card' : 'cards'} due for review
      </p>
      {progress.exams.map((exam) => (
        <p key={exam.note_id} className="mt-1 text-sm text-slate-700" data-testid="dashboard-exam">
          <strong>{exam.cards_left}</strong> {exam.cards_left === 1 ? 'card' : 'cards'} left to see before{' '}
          <em>{exam.title}</em> (
          <LocalTime value={exam.deadline_at} />)
        </p>
      ))}
      {due.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label="Due cards per set">
          {due.map((set) => (
            <li key={set.set_id} className="flex justify-between gap-2 py-1">
              <span className="min-w-0 truncate">{set.title}</span>
              <span className="shrink-0 text-slate-600">{set.due_count} due</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Link
        route="pages.study.review"
        className="mt-3 inline-block rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
      >
        {progress.total_due > 0 ? 'Start review' : 'Open review'}
      </Link>
    </div>
  )
}
