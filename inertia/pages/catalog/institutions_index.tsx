import { AppLayout } from '~/layouts/app_layout'
import { CatalogListPage, type RelatedResults } from '~/components/catalog/list_page'
import { InstitutionGrid } from '~/components/catalog/catalog_ui'
import type { Institution, ListMeta, PageMeta, SortOption } from '~/components/catalog/types'
import { urlFor } from '~/client'

type Props = {
  seo: PageMeta
  items: Institution[]
  meta: ListMeta
  q: string
  sort: string
  sortOptions: SortOption[]
  related?: RelatedResults
}

export default function InstitutionsIndex({ seo, items, meta, q, sort, sortOptions, related }: Props) {
  return (
    <AppLayout>
      <CatalogListPage
        seo={seo}
        heading="Institutions"
        intro="Universities and colleges whose course materials are shared on StudyHub."
        path={urlFor('pages.institutions.index')}
        q={q}
        sort={sort}
        sortOptions={sortOptions}
        related={related}
        meta={meta}
        placeholder="Search institutions by name or city"
        empty="No institutions found"
      >
        <InstitutionGrid testId="catalog-list" institutions={items} />
      </CatalogListPage>
    </AppLayout>
  )
}
