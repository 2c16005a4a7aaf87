import { AppLayout } from '~/layouts/app_layout'
import { CatalogListPage, type RelatedResults } from '~/components/catalog/list_page'
import { DocumentGrid } from '~/components/catalog/catalog_ui'
import type { CatalogDocument, ListMeta, PageMeta, SortOption } from '~/components/catalog/types'
import { urlFor } from '~/client'

type Props = {
  seo: PageMeta
  items: CatalogDocument[]
  meta: ListMeta
  q: string
  sort: string
  sortOptions: SortOption[]
  related?: RelatedResults
}

export default function DocumentsIndex({ seo, items, meta, q, sort, sortOptions, related }: Props) {
  return (
    <AppLayout>
      <CatalogListPage
        seo={seo}
        heading="Documents"
        intro="Lecture notes, summaries, problem sets and exam preparation."
        path={urlFor('pages.documents.index')}
        q={q}
        sort={sort}
        sortOptions={sortOptions}
        related={related}
        meta={meta}
        placeholder="Search documents, e.g. linear algebra"
        empty="No documents found"
      >
        <DocumentGrid testId="catalog-list" documents={items} />
      </CatalogListPage>
    </AppLayout>
  )
}
