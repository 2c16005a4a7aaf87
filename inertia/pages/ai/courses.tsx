import { useState } from 'react'
import type { AiAllowance, GeneratedCourseJson } from '#shared/api/ai'
import { AllowanceMeter, useAllowance } from '~/components/ai/allowance'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { useShared } from '~/lib/page_props'
import { VerificationBanner } from '~/components/verification_banner'
import { Button } from '~/components/button'
import { EmptyState } from '~/components/states'
import { api } from '~/lib/api'
import { FailureView, useRequest } from '~/components/ai/request'
import { CourseModules } from '~/components/ai/results/course_result'
import type { MyDocument } from '~/components/ai/document_picker'
import { urlFor } from '~/client'
import { Choice, LEVELS, TopicInput } from '~/components/choice'

export default function AiCourses({
  courses: initial,
  documents,
  allowance: initialAllowance,
}: {
  courses: GeneratedCourseJson[]
  documents: MyDocument[]
  allowance: AiAllowance | null
}) {
  const { auth } = useShared()
  const { allowance, observe, refreshCredits } = useAllowance(initialAllowance)
  const [courses, setCourses] = useState(initial)
  const [topic, setTopic] = useState('')
  const [level, setLevel] = useState<'beginner' | 'intermediate' | 'advanced'>('beginner')
  const [selected, setSelected] = useState<string[]>([])
  const [open, setOpen] = useState<string | null>(initial[0]?.id ?? null)
  const request = useRequest()
  const ready = documents.filter((d) => d.chunk_count > 0)

  function create() {
    void request
      .run(
        () =>
          api<GeneratedCourseJson>(urlFor('api.ai.generatedCourses.store'), {
            method: 'POST',
            onResponse: observe,
            body: { topic: topic.trim(), level, document_ids: selected.length ? selected : undefined },
          }),
        (course) => {
          setCourses((list) => [course, ...list])
          setOpen(course.id)
          setTopic('')
        }
      )
      .finally(refreshCredits)
  }

  return (
    <AppLayout banners={<VerificationBanner />}>
      <Seo
        title="AI courses | StudyHub"
        description="Turn your documents into structured study courses with modules and lessons."
        path="/ai-courses"
      />
      <h1 className="text-3xl font-bold">AI courses</h1>
      <p className="mt-2 text-slate-700">
        Give a topic and a level and pick the documents that cover it; get a course with modules and lessons built from
        them.
      </p>
      {!auth.user ? (
        <div className="mt-6 rounded-lg border border-indigo-200 bg-indigo-50 p-6" data-testid="signin-prompt">
          <p className="font-semibold">Sign in to build courses.</p>
          <a
            href={urlFor('pages.auth.login', {}, { qs: { next: urlFor('pages.ai.courses') } })}
            className="mt-3 inline-block rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white"
          >
            Sign in
          </a>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-3">
          <div className="lg:col-span-3">
            <AllowanceMeter allowance={allowance} />
          </div>
          <form
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            onSubmit={(e) => {
              e.preventDefault()
              if (topic.trim().length >= 2 && !request.busy) create()
            }}
          >
            <h2 className="font-semibold">New course</h2>
            <TopicInput labelClassName="block text-sm" value={topic} onChange={(e) => setTopic(e.target.value)} />
            <Choice
              label="Level"
              value={level}
              options={LEVELS}
              onChange={setLevel}
              className="block text-sm"
              selectClassName="mt-1 block w-full rounded border border-slate-300 px-2 py-2"
            />
            {ready.length ? (
              <fieldset className="text-sm">
                <legend>Build from documents (optional)</legend>
                {ready.map((d) => (
                  <label key={d.id} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={selected.includes(d.id)}
                      onChange={(e) =>
                        setSelected((s) => (e.target.checked ? [...s, d.id] : s.filter((x) => x !== d.id)))
                      }
                    />
                    {d.title}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <Button
              type="submit"
              loading={request.busy}
              disabled={topic.trim().length < 2 || request.busy}
              data-testid="course-create"
            >
              Build course
            </Button>
            <FailureView failure={request.failure} />
          </form>
          <div className="lg:col-span-2">
            {courses.length === 0 ? (
              <EmptyState title="No courses yet">Build your first course with the form.</EmptyState>
            ) : (
              <ul className="space-y-3" data-testid="course-list">
                {courses.map((c) => (
                  <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                    <button
                      type="button"
                      className="text-left"
                      aria-expanded={open === c.id}
                      onClick={() => setOpen(open === c.id ? null : c.id)}
                    >
                      <h2 className="font-semibold text-indigo-700">{c.title}</h2>
                      <p className="text-sm text-slate-600">{c.description}</p>
                    </button>
                    {open === c.id ? <CourseModules modules={c.modules} /> : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </AppLayout>
  )
}
