import type { ReactNode } from 'react'
import { EmptyState } from '~/components/states'
import { Breadcrumbs, CatalogSeo, Pagination, SearchSortBar } from './catalog_ui'
import type { ListMeta, PageMeta, SortOption } from './types'

/** Shared frame of the catalog list pages: metadata, trail, heading, search/sort, list, pagination. */
export function CatalogListPage(props: {
  seo: PageMeta
  heading: string
  intro?: ReactNode
  path: string
  q: string
  sort: string
  sortOptions: SortOption[]
  meta: ListMeta
  placeholder: string
  empty: string
  children: ReactNode
  aside?: ReactNode
}) {
  const { seo, heading, path, q, sort, meta } = props
  return (
    <>
      <CatalogSeo seo={seo} />
      <Breadcrumbs trail={seo.breadcrumbs} />
      <h1 className="text-3xl font-bold tracking-tight">
        {q ? <>Results for “{q}” in {heading.toLowerCase()}</> : heading}
      </h1>
      {props.intro ? <div className="mt-2 text-slate-600">{props.intro}</div> : null}
      <div className="mt-6">
        <SearchSortBar path={path} q={q} sort={sort} sortOptions={props.sortOptions} placeholder={props.placeholder} />
      </div>
      {meta.total === 0 ? <EmptyState title={props.empty}>{q ? 'Try another search term.' : null}</EmptyState> : props.children}
      <Pagination path={path} meta={meta} q={q || undefined} sort={sort || undefined} />
      {props.aside ? <div className="mt-10">{props.aside}</div> : null}
    </>
  )
}
