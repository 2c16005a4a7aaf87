import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { useShared } from '~/lib/page_props'

export default function Home() {
  const { app } = useShared()
  return (
    <AppLayout>
      <Seo
        title="StudyHub – study materials and AI study tools"
        description="Find course documents from institutions worldwide and study them with AI summaries, flashcards, Q&A and quizzes."
        canonical={`${app.url}/`}
        jsonLd={[
          { '@context': 'https://schema.org', '@type': 'Organization', name: 'StudyHub', url: `${app.url}/` },
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: 'StudyHub',
            url: `${app.url}/`,
            potentialAction: {
              '@type': 'SearchAction',
              target: `${app.url}/documents?q={search_term_string}`,
              'query-input': 'required name=search_term_string',
            },
          },
        ]}
      />
      <h1 className="text-3xl font-bold">StudyHub</h1>
    </AppLayout>
  )
}
