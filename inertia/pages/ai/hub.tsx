import { Link } from '@adonisjs/inertia/react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { useShared } from '~/lib/page_props'
import { VerificationBanner } from '~/components/verification_banner'
import { SlugLink } from '~/components/slug_link'

type Props = { tools: { slug: string; name: string; description: string; tool: string }[] }

export default function AiHub({ tools }: Props) {
  const { app, auth } = useShared()
  return (
    <AppLayout banners={auth.user ? <VerificationBanner /> : undefined}>
      <Seo
        title="AI study tools – summaries, flashcards, Q&A, quizzes | StudyHub"
        description="Twelve AI study tools that work on your own documents: summarize PDFs and lecture notes, build flashcards, ask questions, generate study guides, play trivia and build courses."
        path="/ai"
        jsonLd={[
          {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            'name': 'StudyHub AI study tools',
            'numberOfItems': tools.length,
            'itemListElement': tools.map((t, i) => ({
              '@type': 'ListItem',
              'position': i + 1,
              'name': t.name,
              'url': `${app.url}/ai/${t.slug}`,
            })),
          },
        ]}
      />
      <h1 className="text-3xl font-bold">AI study tools</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Upload your lecture notes, readings or PDFs and turn them into summaries, flashcards, answers, study guides and
        games. Every result is built from your own material and shows where it came from.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="ai-tools">
        {tools.map((t) => (
          <li key={t.slug} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="font-semibold">
              <SlugLink route="pages.ai.tool" slug={t.slug} className="text-indigo-700 hover:underline">
                {t.name}
              </SlugLink>
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t.description}</p>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm">
        Your generated courses live on{' '}
        <Link route="pages.ai.courses" className="text-indigo-700 underline">
          AI courses
        </Link>
        .
      </p>
    </AppLayout>
  )
}
