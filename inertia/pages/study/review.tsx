import { Link } from '@adonisjs/inertia/react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { ReviewSession } from '~/components/study/review_session'
import { StudyProgress } from '~/components/study/study_progress'
import type { StudyReviewPageProps } from '#shared/api/study_review'
import { SlugLink } from '~/components/slug_link'

/** `/study/review` (issue 27): spaced review of the student's flashcards, then the progress. */
export default function StudyReview({ next, progress }: StudyReviewPageProps) {
  return (
    <AppLayout>
      <Seo title="Review cards" description="Review the flashcards that are due today." robots="noindex, nofollow" />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Review your cards</h1>
        <Link route="pages.workspace.dashboard" className="text-sm text-indigo-700">
          Dashboard
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600">Spaced review of your flashcards. Reviews use no AI credit.</p>
      <div className="mt-6 max-w-2xl">
        <ReviewSession
          initial={next}
          empty={
            progress.sets.length === 0 ? (
              <>
                <p className="font-medium text-slate-700">No cards yet</p>
                <p className="mt-1 text-sm text-slate-500">
                  <SlugLink route="pages.ai.tool" slug="flashcard-builder" className="text-indigo-700 underline">
                    Build a flashcard set
                  </SlugLink>{' '}
                  from your documents, or add a missed trivia question, and its cards show up here.
                </p>
              </>
            ) : undefined
          }
        />
      </div>
      <div className="mt-10">
        <StudyProgress progress={progress} />
      </div>
    </AppLayout>
  )
}
