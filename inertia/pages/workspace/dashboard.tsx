import { Link } from '@adonisjs/inertia/react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { ErrorState, LoadingState } from '~/components/states'
import { VerificationBanner } from '~/components/verification_banner'
import { ApiList } from '~/components/catalog/api_list'
import { useShared } from '~/lib/page_props'
import { useApi } from '~/lib/use_api'

import type { SerializedOwnDocument } from '#shared/api/catalog'
import type { NoteList } from '#shared/api/notes'
import type { SubscriptionView } from '#shared/api/billing'
import { LocalTime } from '~/components/local_time'
import { urlFor, type RouteName } from '~/client'
import type { StudyProgressJson } from '#shared/api/study_review'
import { DueSummary } from '~/components/study/due_summary'
import { SlugLink } from '~/components/slug_link'

type Props = {
  documents: { data: SerializedOwnDocument[] }
  deadlines: NoteList
  subscription: SubscriptionView
  study: StudyProgressJson
}

// Slugs of the AI tool pages (route pages.ai.tool).
const TOOLS = [
  ['Summarize a document', 'document-analyzer'],
  ['Build flashcards', 'flashcard-builder'],
  ['Ask your documents', 'ask-documents'],
  ['Make a study guide', 'quiz-generator'],
  ['Play trivia', 'trivia-game'],
  ['Generate a course', 'course-builder'],
]

type CardLink = { route: RouteName; label: string; testId?: string }

function Card({ title, children, link }: { title: string; children: React.ReactNode; link: CardLink }) {
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold text-slate-800">{title}</h2>
        <Link route={link.route} className="text-sm text-indigo-700" data-testid={link.testId}>
          {link.label}
        </Link>
      </div>
      {children}
    </section>
  )
}

function CreditsChart({ used, limit }: { used: number; limit: number }) {
  const left = Math.max(0, limit - used)
  const pct = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0
  return (
    <div data-testid="credits">
      <div
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="AI credits used this cycle"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
        data-testid="credits-bar"
      >
        <div className="h-full rounded-full bg-indigo-600" style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        <strong>{used}</strong> used · <strong>{left}</strong> left this cycle
      </p>
    </div>
  )
}

export default function Dashboard(props: Props) {
  const { auth } = useShared()
  const documents = useApi(urlFor('api.my.documents.index', {}, { qs: { limit: 5 } }), props.documents)
  const notes = useApi(
    urlFor('api.notes.index', {}, { qs: { has_deadline: true, sort: 'deadline_at', limit: 5 } }),
    props.deadlines
  )
  const subscription = useApi(urlFor('api.subscriptions.show'), props.subscription)

  return (
    <AppLayout banners={<VerificationBanner />}>
      <Seo
        title="Dashboard"
        description="Your recent documents, courses and study activity on StudyHub."
        robots="noindex, nofollow"
      />
      <h1 className="text-2xl font-bold">Welcome back{auth.user?.username ? `, ${auth.user.username}` : ''}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Card title="Recent documents" link={{ route: 'pages.workspace.my_documents', label: 'All documents' }}>
          <ApiList
            state={documents}
            emptyTitle="No documents yet"
            empty={
              <Link route="pages.workspace.my_documents" className="text-indigo-700 underline">
                Upload your first document
              </Link>
            }
          >
            {(items) => (
              <ul className="divide-y divide-slate-100">
                {items.slice(0, 5).map((doc) => (
                  <li key={doc.id} className="py-2 text-sm">
                    <SlugLink
                      route="pages.documents.show"
                      slug={doc.slug}
                      className="text-slate-800 hover:text-indigo-700"
                    >
                      {doc.title}
                    </SlugLink>
                  </li>
                ))}
              </ul>
            )}
          </ApiList>
        </Card>
        <Card title="Upcoming deadlines" link={{ route: 'notes.index', label: 'Notes' }}>
          <ApiList state={notes} emptyTitle="No deadlines coming up">
            {(items) => (
              <ul className="divide-y divide-slate-100">
                {items.map((note) => (
                  <li key={note.id} className="flex justify-between py-2 text-sm">
                    <Link
                      route="notes.show"
                      routeParams={{ id: note.id }}
                      className="text-slate-800 hover:text-indigo-700"
                    >
                      {note.title}
                    </Link>
                    <span className="text-slate-500">
                      <LocalTime value={note.deadline_at} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </ApiList>
        </Card>
        <Card title="Plan and AI credits" link={{ route: 'pages.settings.billing', label: 'Billing' }}>
          {subscription.loading ? (
            <LoadingState />
          ) : subscription.error ? (
            <ErrorState message={subscription.error} onRetry={subscription.reload} />
          ) : subscription.data ? (
            <div>
              <p className="text-sm">
                Plan: <strong>{subscription.data.planName || subscription.data.planSlug}</strong> · status{' '}
                <span className="rounded bg-slate-100 px-2 py-0.5 text-xs" data-testid="plan-status">
                  {subscription.data.status}
                </span>
              </p>
              <div className="mt-3">
                {subscription.data.limits.aiCredits ? (
                  <CreditsChart used={subscription.data.usage.aiCredits} limit={subscription.data.limits.aiCredits} />
                ) : (
                  <p className="text-sm text-slate-600">
                    AI tools are part of Pro and Plus.{' '}
                    <Link route="pages.pricing" className="text-indigo-700 underline">
                      See plans
                    </Link>
                  </p>
                )}
              </div>
            </div>
          ) : null}
        </Card>
        <Card title="Spaced review" link={{ route: 'pages.study.review', label: 'Review' }}>
          <DueSummary progress={props.study} />
        </Card>
        <Card
          title="AI study tools"
          link={{ route: 'pages.study.index', label: 'My study library', testId: 'dashboard-study-link' }}
        >
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {TOOLS.map(([label, slug]) => (
              <li key={slug}>
                <SlugLink
                  route="pages.ai.tool"
                  slug={slug}
                  className="block rounded-md border border-slate-200 px-3 py-2 hover:border-indigo-400"
                >
                  {label}
                </SlugLink>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </AppLayout>
  )
}
