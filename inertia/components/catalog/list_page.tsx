import type { ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { EmptyState } from '~/components/states'
import { urlFor } from '~/client'
import {
  Breadcrumbs,
  CatalogSeo,
  CourseCard,
  DocumentCard,
  InstitutionCard,
  Pagination,
  SearchSortBar,
} from './catalog_ui'
import { HighlightProvider } from './highlight'
import type { CatalogDocument, Course, Institution, ListMeta, PageMeta, SortOption } from './types'

export type RelatedResults = {
  institutions?: { items: Institution[]; total: number }
  courses?: { items: Course[]; total: number }
  documents?: { items: CatalogDocument[]; total: number }
}

/** The props of a catalog list page: one page of `items`, the search and sort, the matches of the other kinds. */
export type CatalogListProps<T> = {
  seo: PageMeta
  items: T[]
  meta: ListMeta
  q: string
  sort: string
  sortOptions: SortOption[]
  related?: RelatedResults
}

function RelatedSection({
  title,
  total,
  href,
  children,
}: {
  title: string
  total: number
  href: string
  children: ReactNode
}) {
  return (
    <section className="mb-6" aria-label={title}>
      <div className="mb-2 flex items-baseline justify-between">
        <h2 className="text-lg font-semibold">{title}</h2>
        <Link href={href} className="text-sm text-indigo-700 hover:underline">
          All {total} {title.toLowerCase()} →
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-3">{children}</ul>
    </section>
  )
}

/** The first matches of the other kinds on a search page (every search covers all three kinds). */
function Related({ related, q }: { related?: RelatedResults; q: string }) {
  if (!q || !related) return null
  const query = `?${new URLSearchParams({ q })}`
  const { documents, courses, institutions } = related
  const sections = [
    {
      title: 'Documents',
      total: documents?.total,
      path: urlFor('pages.documents.index'),
      cards: documents?.items.map((d) => <DocumentCard key={d.id} document={d} />),
    },
    {
      title: 'Courses',
      total: courses?.total,
      path: urlFor('pages.courses.index'),
      cards: courses?.items.map((c) => <CourseCard key={c.id} course={c} />),
    },
    {
      title: 'Institutions',
      total: institutions?.total,
      path: urlFor('pages.institutions.index'),
      cards: institutions?.items.map((i) => <InstitutionCard key={i.id} institution={i} />),
    },
  ]
  return (
    <div data-testid="related-results">
      {sections.map((section) =>
        section.total ? (
          <RelatedSection key={section.title} title={section.title} total={section.total} href={section.path + query}>
            {section.cards}
          </RelatedSection>
        ) : null
      )}
    </div>
  )
}

/** Shared frame of the catalog list pages: metadata, trail, heading, search/sort, list, pagination. */
export function CatalogListPage(
  props: Omit<CatalogListProps<unknown>, 'items'> & {
    heading: string
    intro?: ReactNode
    path: string
    placeholder: string
    empty: string
    children: ReactNode
    aside?: ReactNode
  }
) {
  const { seo, heading, path, q, sort, meta } = props
  return (
    <>
      <CatalogSeo seo={seo} />
      <Breadcrumbs trail={seo.breadcrumbs} />
      <h1 className="text-3xl font-bold tracking-tight">
        {q ? (
          <>
            Results for “{q}” in {heading.toLowerCase()}
          </>
        ) : (
          heading
        )}
      </h1>
      {props.intro ? <div className="mt-2 text-slate-600">{props.intro}</div> : null}
      <div className="mt-6">
        <SearchSortBar path={path} q={q} sort={sort} sortOptions={props.sortOptions} placeholder={props.placeholder} />
      </div>
      <HighlightProvider q={q}>
        <Related related={props.related} q={q} />
        {q && meta.total > 0 ? (
          <h2 className="mb-2 text-lg font-semibold">
            {meta.total} {heading.toLowerCase()}
          </h2>
        ) : null}
        {meta.total === 0 ? (
          <EmptyState title={props.empty}>{q ? 'Try another search term.' : null}</EmptyState>
        ) : (
          props.children
        )}
      </HighlightProvider>
      <Pagination path={path} meta={meta} q={q || undefined} sort={sort || undefined} />
      {props.aside ? <div className="mt-10">{props.aside}</div> : null}
    </>
  )
}
