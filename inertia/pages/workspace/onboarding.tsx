import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { Button } from '~/components/button'
import { Field } from '~/components/field'
import { ErrorState, ListStates } from '~/components/states'
import { UploadModal } from '~/components/upload_modal'
import { api, errorMessage } from '~/lib/api'
import { useShared } from '~/lib/page_props'
import type { SerializedCourse as Course, SerializedInstitution as Institution } from '#shared/api/catalog'
import { urlFor } from '~/client'

type Progress = { step: number; institution: Institution | null; picked: Pick<Course, 'slug' | 'title'>[] }
const storageKey = (userId: string | number | undefined) => `studyhub.onboarding.${userId ?? 'anonymous'}`

/** The flow's progress survives a reload (issue 29); it lives in this browser only. */
function loadProgress(key: string): Progress | null {
  try {
    const saved = JSON.parse(window.localStorage.getItem(key) || 'null')
    return saved && typeof saved.step === 'number' && Array.isArray(saved.picked) ? saved : null
  } catch {
    return null
  }
}

/** A skippable three-step flow after sign-up: institution, courses, first upload. */
export default function Onboarding() {
  const { auth, subscription } = useShared()
  const paid = Boolean(subscription?.isActivePaid)
  const key = storageKey(auth.user?.id)
  const [restored, setRestored] = useState(false)
  const [step, setStep] = useState(1)
  const [query, setQuery] = useState('')
  const [institutions, setInstitutions] = useState<Institution[] | null>(null)
  const [institution, setInstitution] = useState<Institution | null>(null)
  const [courses, setCourses] = useState<Course[] | null>(null)
  const [picked, setPicked] = useState<Progress['picked']>([])
  const [error, setError] = useState<string | null>(null)
  const [uploadOpen, setUploadOpen] = useState(false)

  useEffect(() => {
    const saved = loadProgress(key)
    if (saved) {
      setStep(saved.step)
      setInstitution(saved.institution)
      setPicked(saved.picked)
    }
    setRestored(true)
  }, [key])

  useEffect(() => {
    if (!restored) return
    try {
      window.localStorage.setItem(key, JSON.stringify({ step, institution, picked } satisfies Progress))
    } catch {
      // Private mode or a full store: the flow still works, it just starts over on reload.
    }
  }, [restored, key, step, institution, picked])

  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setError(null)
      api<{ data: Institution[] }>(urlFor('api.institutions.index', {}, { qs: { limit: 10, q: query || undefined } }), {
        signal: controller.signal,
      })
        .then((r) => setInstitutions(r.data))
        .catch((e) => e.name !== 'AbortError' && setError(errorMessage(e)))
    }, 250)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query])

  useEffect(() => {
    if (!institution) return
    setCourses(null)
    api<{ data: Course[] }>(
      urlFor('api.institutions.courses', { slug: institution.slug }, { qs: { limit: 100, sort: 'title' } })
    )
      .then((r) => setCourses(r.data))
      .catch((e) => setError(errorMessage(e)))
  }, [institution])

  const finish = () => {
    try {
      window.localStorage.removeItem(key)
    } catch {
      // nothing saved
    }
    router.visit(urlFor('pages.workspace.dashboard'))
  }

  return (
    <AppLayout>
      <Seo
        title="Get started"
        description="Choose your institution and courses to set up StudyHub."
        robots="noindex, nofollow"
      />
      <div className="mx-auto max-w-2xl">
        <div className="flex items-center justify-between">
          <h1 className="text-2xl font-bold">Get started</h1>
          <button
            type="button"
            onClick={finish}
            className="text-sm text-slate-500 underline"
            data-testid="skip-onboarding"
          >
            Skip for now
          </button>
        </div>
        <p className="mt-1 text-sm text-slate-500">Step {step} of 3</p>
        {error ? (
          <div className="mt-4">
            <ErrorState message={error} onRetry={() => setQuery((q) => q + '')} />
          </div>
        ) : null}
        {step === 1 ? (
          <section className="mt-6 space-y-4">
            <Field
              label="Find your institution"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="University name"
            />
            <ListStates items={institutions} emptyTitle="No institutions match">
              {(institutions) => (
                <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
                  {institutions.map((inst) => (
                    <li key={inst.id}>
                      <button
                        type="button"
                        onClick={() => {
                          setInstitution(inst)
                          setStep(2)
                        }}
                        className="w-full px-4 py-2 text-left hover:bg-slate-50"
                      >
                        <span className="font-medium">{inst.name}</span>{' '}
                        <span className="text-sm text-slate-500">
                          {[inst.city, inst.country].filter(Boolean).join(', ')}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </ListStates>
            <Button variant="ghost" onClick={() => setStep(3)}>
              My institution is not listed
            </Button>
          </section>
        ) : null}
        {step === 2 ? (
          <section className="mt-6 space-y-4">
            <p>
              Pick the courses you take at <strong>{institution?.name}</strong>.
            </p>
            <ListStates items={courses} emptyTitle="No courses listed yet">
              {(courses) => (
                <ul className="grid gap-2 md:grid-cols-2">
                  {courses.map((course) => (
                    <li key={course.id}>
                      <label className="flex items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm">
                        <input
                          type="checkbox"
                          checked={picked.some((p) => p.slug === course.slug)}
                          onChange={(e) =>
                            setPicked((p) =>
                              e.target.checked
                                ? [...p, { slug: course.slug, title: course.title }]
                                : p.filter((c) => c.slug !== course.slug)
                            )
                          }
                        />
                        {course.code ? <span className="text-slate-500">{course.code}</span> : null} {course.title}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </ListStates>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => setStep(1)}>
                Back
              </Button>
              <Button onClick={() => setStep(3)}>Continue</Button>
            </div>
          </section>
        ) : null}
        {step === 3 ? (
          <section className="mt-6 space-y-4">
            <p>
              {paid
                ? 'Upload a first document to try the AI study tools on it.'
                : 'Upload a first document to read it here and keep it with your notes. It stays private unless you publish it. The AI study tools come with the Pro and Plus plans.'}
            </p>
            {picked.length ? (
              <p className="text-sm text-slate-600">
                Your courses:{' '}
                {picked.map((course) => (
                  <a
                    key={course.slug}
                    href={urlFor('pages.courses.show', { slug: course.slug })}
                    className="mr-2 text-indigo-700 underline"
                    data-testid="onboarding-course"
                  >
                    {course.title}
                  </a>
                ))}
              </p>
            ) : null}
            <div className="flex gap-2">
              <Button onClick={() => setUploadOpen(true)}>Upload a document</Button>
              <Button variant="secondary" onClick={finish}>
                Finish
              </Button>
            </div>
          </section>
        ) : null}
      </div>
      <UploadModal open={uploadOpen} onClose={() => setUploadOpen(false)} onUploaded={finish} />
    </AppLayout>
  )
}
