import { SearchBox, SearchSubmit } from './search_box'
import { Link } from '@adonisjs/inertia/react'
import { Seo } from '~/components/seo'
import type { ListMeta, PageMeta, SortOption } from './types'

export {
  AccessBadge,
  CardGrid,
  CourseCard,
  CourseGrid,
  DocumentCard,
  DocumentGrid,
  InstitutionCard,
  InstitutionGrid,
} from './catalog_cards'

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
        inputClassName="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-normal shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-none"
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
        <SearchSubmit />
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
