import { EmptyState } from '~/components/states'
import { Marked } from './highlight'
import { SearchBox } from './search_box'
import { Link } from '@adonisjs/inertia/react'
import type { ReactNode } from 'react'
import { Seo } from '~/components/seo'
import type { AccessLevel, CatalogDocument, Course, Institution, ListMeta, PageMeta, SortOption } from './types'

/**
 * <Seo> fed with the server-computed metadata (docs/rules/catalog.md#page-metadata rules live in
 * catalog_page_meta.ts).
 */
export function CatalogSeo({ seo }: { seo: PageMeta }) {
  return (
    <Seo
      title={seo.title}
      description={seo.description}
      canonical={seo.canonical}
      robots={seo.robots}
      jsonLd={seo.jsonLd}
    />
  )
}

export type Crumb = { name: string; path: string }

/** The visible trail; the same trail is emitted as BreadcrumbList JSON-LD. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-500">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map((crumb, index) => (
          <li key={crumb.path} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">›</span> : null}
            {index === trail.length - 1 ? (
              <span aria-current="page" className="text-slate-700">
                {crumb.name}
              </span>
            ) : (
              <Link href={crumb.path} className="hover:text-indigo-700">
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

function withQuery(path: string, params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && !(key === 'page' && Number(value) === 1)) search.set(key, String(value))
  }
  const qs = search.toString()
  return qs ? `${path}?${qs}` : path
}

/** Search box (with suggestions) and sort select; a plain GET form so it works before hydration too. */
export function SearchSortBar({
  path,
  q,
  sort,
  sortOptions,
  placeholder,
}: {
  path: string
  q: string
  sort: string
  sortOptions: SortOption[]
  placeholder: string
}) {
  return (
    <div className="mb-6 flex">
      <SearchBox
        action={path}
        defaultValue={q}
        label="Search"
        labelClassName="text-sm font-medium text-slate-700"
        placeholder={placeholder}
        inputClassName="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-normal shadow-sm focus:border-indigo-500 focus:outline-none"
        testId="catalog-search"
      >
        <label className="flex flex-col text-sm font-medium text-slate-700">
          Sort by
          <select
            name="sort"
            defaultValue={sort}
            className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal shadow-sm"
          >
            {sortOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
        >
          Search
        </button>
      </SearchBox>
    </div>
  )
}

export function Pagination({ path, meta, q, sort }: { path: string; meta: ListMeta; q?: string; sort?: string }) {
  if (meta.last_page <= 1) return null
  const link = (page: number) => withQuery(path, { q, sort, page })
  const pages: number[] = []
  for (let p = Math.max(1, meta.page - 2); p <= Math.min(meta.last_page, meta.page + 2); p++) pages.push(p)
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600" data-testid="pagination-status">
        Page {meta.page} of {meta.last_page} · {meta.total} results
      </p>
      <div className="flex items-center gap-1">
        {meta.page > 1 ? (
          <Link
            href={link(meta.page - 1)}
            rel="prev"
            className="rounded-md px-3 py-1.5 ring-1 ring-slate-300 hover:bg-slate-50"
            data-testid="pagination-prev"
          >
            ← Previous
          </Link>
        ) : null}
        {pages.map((p) =>
          p === meta.page ? (
            <span key={p} aria-current="page" className="rounded-md bg-indigo-600 px-3 py-1.5 font-semibold text-white">
              {p}
            </span>
          ) : (
            <Link key={p} href={link(p)} className="rounded-md px-3 py-1.5 ring-1 ring-slate-300 hover:bg-slate-50">
              {p}
            </Link>
          )
        )}
        {meta.page < meta.last_page ? (
          <Link
            href={link(meta.page + 1)}
            rel="next"
            className="rounded-md px-3 py-1.5 ring-1 ring-slate-300 hover:bg-slate-50"
            data-testid="pagination-next"
          >
            Next →
          </Link>
        ) : null}
      </div>
    </nav>
  )
}

const ACCESS_STYLES: Record<AccessLevel, string> = {
  free: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  paid: 'bg-amber-50 text-amber-800 ring-amber-200',
  premium: 'bg-violet-50 text-violet-700 ring-violet-200',
  locked: 'bg-slate-100 text-slate-700 ring-slate-300',
}

const ACCESS_LABELS: Record<AccessLevel, string> = { free: 'Free', paid: 'Paid', premium: 'Premium', locked: 'Locked' }

export function AccessBadge({ level }: { level: AccessLevel }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${ACCESS_STYLES[level]}`}
      data-access-level={level}
    >
      {ACCESS_LABELS[level]}
    </span>
  )
}

function Card({ children }: { children: ReactNode }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-300">
      {children}
    </li>
  )
}

export function InstitutionCard({ institution }: { institution: Institution }) {
  const place = [institution.city, institution.country].filter(Boolean).join(', ')
  return (
    <Card>
      <h2 className="font-semibold">
        <Link
          route="pages.institutions.show"
          routeParams={{ slug: institution.slug }}
          className="text-indigo-700 hover:underline"
        >
          <Marked text={institution.name} />
        </Link>
      </h2>
      {place ? (
        <p className="text-sm text-slate-500">
          <Marked text={place} />
        </p>
      ) : null}
      {institution.description ? (
        <p className="mt-2 line-clamp-2 text-sm text-slate-600">
          <Marked text={institution.description} />
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">
        {institution.course_count} courses · {institution.document_count} documents
      </p>
    </Card>
  )
}

export function CourseCard({ course }: { course: Course }) {
  return (
    <Card>
      <h2 className="font-semibold">
        <Link
          route="pages.courses.show"
          routeParams={{ slug: course.slug }}
          className="text-indigo-700 hover:underline"
        >
          {course.code ? (
            <span className="mr-1 text-slate-500">
              <Marked text={course.code} />
            </span>
          ) : null}
          <Marked text={course.title} />
        </Link>
      </h2>
      {course.institution ? (
        <p className="text-sm text-slate-500">
          <Marked text={course.institution.name} />
        </p>
      ) : null}
      {course.description ? (
        <p className="mt-2 line-clamp-2 text-sm text-slate-600">
          <Marked text={course.description} />
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">{course.document_count} documents</p>
    </Card>
  )
}

export function DocumentCard({ document }: { document: CatalogDocument }) {
  const summary = document.description || document.seo_content
  return (
    <Card>
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold">
          <Link
            route="pages.documents.show"
            routeParams={{ slug: document.slug }}
            className="text-indigo-700 hover:underline"
          >
            <Marked text={document.title} />
          </Link>
        </h2>
        <AccessBadge level={document.access_level} />
      </div>
      {document.course ? (
        <p className="text-sm text-slate-500">
          <Marked text={document.course.title} />
        </p>
      ) : null}
      {summary ? (
        <p className="mt-2 line-clamp-2 text-sm text-slate-600">
          <Marked text={summary} />
        </p>
      ) : null}
      {document.topic_tags.length ? (
        <ul className="mt-2 flex flex-wrap gap-1">
          {document.topic_tags.slice(0, 5).map((tag) => (
            <li key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  )
}

export function CardGrid({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {children}
    </ul>
  )
}

type GridProps = { testId?: string; empty?: string }

/** Each catalog kind's card grid; with `empty`, the empty state when there is nothing to show. */
export function InstitutionGrid({ institutions, testId, empty }: GridProps & { institutions: Institution[] }) {
  if (empty && institutions.length === 0) return <EmptyState title={empty} />
  return (
    <CardGrid testId={testId}>
      {institutions.map((institution) => (
        <InstitutionCard key={institution.id} institution={institution} />
      ))}
    </CardGrid>
  )
}

export function CourseGrid({ courses, testId, empty }: GridProps & { courses: Course[] }) {
  if (empty && courses.length === 0) return <EmptyState title={empty} />
  return (
    <CardGrid testId={testId}>
      {courses.map((course) => (
        <CourseCard key={course.id} course={course} />
      ))}
    </CardGrid>
  )
}

export function DocumentGrid({ documents, testId, empty }: GridProps & { documents: CatalogDocument[] }) {
  if (empty && documents.length === 0) return <EmptyState title={empty} />
  return (
    <CardGrid testId={testId}>
      {documents.map((document) => (
        <DocumentCard key={document.id} document={document} />
      ))}
    </CardGrid>
  )
}
