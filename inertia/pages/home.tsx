import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { AdSlot } from '~/components/ad_slot'
import { CatalogSeo, CourseGrid, DocumentGrid, InstitutionGrid } from '~/components/catalog/catalog_ui'
import type { CatalogDocument, Course, Institution, PageMeta } from '~/components/catalog/types'
import { urlFor } from '~/client'
import { SearchBox } from '~/components/catalog/search_box'

type Props = {
  seo: PageMeta
  verification: { google: string | null; bing: string | null }
  institutions: Institution[]
  courses: Course[]
  documents: CatalogDocument[]
}

function Section({
  title,
  href,
  linkLabel,
  children,
}: {
  title: string
  href: string
  linkLabel: string
  children: React.ReactNode
}) {
  return (
    <section className="mt-12">
      <div className="mb-4 flex items-baseline justify-between">
        <h2 className="text-xl font-semibold">{title}</h2>
        <Link href={href} className="text-sm text-indigo-700 hover:underline">
          {linkLabel} →
        </Link>
      </div>
      {children}
    </section>
  )
}

/**
 * Home discovery page: hero, document search, featured catalog (docs/rules/catalog.md#page-metadata root
 * metadata).
 */
export default function Home({ seo, verification, institutions = [], courses = [], documents = [] }: Props) {
  return (
    <AppLayout>
      <CatalogSeo seo={seo} />
      {verification?.google || verification?.bing ? (
        <Head>
          {verification.google ? (
            <meta head-key="google-site-verification" name="google-site-verification" content={verification.google} />
          ) : null}
          {verification.bing ? (
            <meta head-key="msvalidate.01" name="msvalidate.01" content={verification.bing} />
          ) : null}
        </Head>
      ) : null}
      <section className="rounded-2xl bg-gradient-to-br from-indigo-600 to-indigo-800 px-6 py-12 text-white sm:px-10">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">StudyHub</h1>
        <p className="mt-3 max-w-2xl text-lg text-indigo-100">
          Study materials from institutions worldwide: lecture notes, summaries and exam preparation, with AI summaries,
          flashcards, Q&amp;A and quizzes on top.
        </p>
        <div className="mt-6 flex max-w-xl">
          <SearchBox
            action={urlFor('pages.documents.index')}
            label="Search documents, courses and institutions"
            placeholder="Search documents, courses and institutions, e.g. linear algebra"
            inputClassName="rounded-md border-0 px-4 py-2.5 text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-white"
            testId="home-search"
          >
            <button
              type="submit"
              className="rounded-md bg-white px-4 py-2.5 font-semibold text-indigo-700 hover:bg-indigo-50"
            >
              Search
            </button>
          </SearchBox>
        </div>
        <div className="mt-6 flex flex-wrap gap-3 text-sm">
          <Link route="pages.institutions.index" className="rounded-full bg-white/10 px-3 py-1 hover:bg-white/20">
            Browse institutions
          </Link>
          <Link route="pages.courses.index" className="rounded-full bg-white/10 px-3 py-1 hover:bg-white/20">
            Browse courses
          </Link>
          <Link route="pages.ai.hub" className="rounded-full bg-white/10 px-3 py-1 hover:bg-white/20">
            AI study tools
          </Link>
        </div>
      </section>

      {documents.length ? (
        <Section title="Featured documents" href={urlFor('pages.documents.index')} linkLabel="All documents">
          <DocumentGrid testId="featured-documents" documents={documents} />
        </Section>
      ) : null}
      {courses.length ? (
        <Section title="Featured courses" href={urlFor('pages.courses.index')} linkLabel="All courses">
          <CourseGrid testId="featured-courses" courses={courses} />
        </Section>
      ) : null}
      {institutions.length ? (
        <Section title="Institutions" href={urlFor('pages.institutions.index')} linkLabel="All institutions">
          <InstitutionGrid testId="featured-institutions" institutions={institutions} />
        </Section>
      ) : null}
      <div className="mt-12">
        <AdSlot placement="home" />
      </div>
    </AppLayout>
  )
}
