import { useState } from 'react'
import { api, errorMessage } from '~/lib/api'
import { urlFor } from '~/client'
import { LocalTime } from '~/components/local_time'
import type { StudyProgressJson } from '#shared/api/study_review'
import { DayBarChart } from '~/components/study/study_chart'
import { HeaderRow } from '~/components/table'

function percent(value: number | null) {
  return value === null ? '—' : `${Math.round(value * 100)}%`
}

/**
 * Spaced-review progress (issue 27 items 2 and 5): due cards per set and in total, retention
 * (share rated Good or Easy), leeches, suspended cards, "for this exam" marks and the two
 * charts. Server data: StudyProgressService.forUser(userId).
 */
export function StudyProgress({ progress }: { progress: StudyProgressJson }) {
  const [marks, setMarks] = useState(() => new Map(progress.sets.map((s) => [s.set_id, s.exam_note_id])))
  const [message, setMessage] = useState('')

  async function mark(setId: string, noteId: string) {
    try {
      await api(urlFor('api.study.sets.exam', { setId }), {
        method: 'PUT',
        body: { note_id: noteId ? Number(noteId) : null },
      })
      setMarks((m) => new Map(m).set(setId, noteId || null))
      setMessage(noteId ? 'Set marked for the exam: its cards come first until the deadline.' : 'Exam mark removed.')
    } catch (err) {
      setMessage(errorMessage(err))
    }
  }

  return (
    <section aria-labelledby="study-progress-heading" data-testid="study-progress">
      <h2 id="study-progress-heading" className="text-lg font-semibold">
        Review progress
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        <strong data-testid="progress-total-due">{progress.total_due}</strong>{' '}
        {progress.total_due === 1 ? 'card' : 'cards'} due now
      </p>
      {progress.exams.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" data-testid="exam-countdown">
          {progress.exams.map((exam) => (
            <li key={exam.note_id}>
              <strong>{exam.cards_left}</strong> {exam.cards_left === 1 ? 'card' : 'cards'} left to see before{' '}
              <em>{exam.title}</em> (
              <LocalTime value={exam.deadline_at} />)
            </li>
          ))}
        </ul>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {message}
      </p>
      {message ? <p className="mt-2 text-sm text-slate-700">{message}</p> : null}
      {progress.sets.length > 0 ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="set-progress">
            <caption className="sr-only">Review progress per flashcard set</caption>
            <thead className="text-xs uppercase text-slate-500">
              <HeaderRow columns={['Set', 'Due', 'Retention', 'For exam']} cellClassName="py-1 pr-2" />
            </thead>
            <tbody className="divide-y divide-slate-100">
              {progress.sets.map((set) => (
                <tr key={set.set_id} data-set-id={set.set_id}>
                  <th scope="row" className="py-2 pr-2 font-normal">
                    {set.title}
                    <span className="block text-xs text-slate-500">
                      {set.card_count} cards
                      {set.leech_count > 0 ? (
                        <span className="ml-1 rounded bg-amber-100 px-1 text-amber-900" data-testid="leech-badge">
                          {set.leech_count} leech{set.leech_count === 1 ? '' : 'es'}
                        </span>
                      ) : null}
                      {set.suspended_count > 0 ? (
                        <span className="ml-1 rounded bg-slate-100 px-1">{set.suspended_count} suspended</span>
                      ) : null}
                    </span>
                  </th>
                  <td className="py-2 pr-2" data-testid="set-due">
                    {set.due_count}
                  </td>
                  <td className="py-2 pr-2" title={`${set.reviews} reviews`}>
                    {percent(set.retention)}
                  </td>
                  <td className="py-2 pr-2">
                    <label className="sr-only" htmlFor={`exam-${set.set_id}`}>
                      Exam for {set.title}
                    </label>
                    <select
                      id={`exam-${set.set_id}`}
                      className="max-w-[9rem] rounded border border-slate-300 px-1 py-1 text-sm"
                      value={marks.get(set.set_id) ?? ''}
                      onChange={(e) => void mark(set.set_id, e.target.value)}
                      disabled={progress.exam_notes.length === 0 && !marks.get(set.set_id)}
                      title={
                        progress.exam_notes.length === 0 ? 'Add a deadline to a note to prepare for an exam' : undefined
                      }
                    >
                      <option value="">None</option>
                      {progress.exam_notes.map((n) => (
                        <option key={n.id} value={n.id}>
                          {n.title}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-500">
          No flashcards yet. Build a flashcard set and its cards appear here.
        </p>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <DayBarChart
          title="Reviews per day, last 30 days"
          data={progress.chart.reviews_last_30_days}
          testId="chart-reviews"
        />
        <DayBarChart
          title="Cards due, next 14 days"
          data={progress.chart.due_next_14_days}
          testId="chart-due"
          color="#0f766e"
        />
      </div>
    </section>
  )
}
