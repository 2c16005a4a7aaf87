import { AppLayout } from '~/layouts/app_layout'
import { CatalogListPage, type CatalogListProps } from '~/components/catalog/list_page'
import { DocumentGrid } from '~/components/catalog/catalog_ui'
import type { CatalogDocument } from '~/components/catalog/types'
import { urlFor } from '~/client'

export default function DocumentsIndex({ items, ...list }: CatalogListProps<CatalogDocument>) {
  return (
    <AppLayout>
      <CatalogListPage
        {...list}
        heading="Documents"
        intro="Lecture notes, summaries, problem sets and exam preparation."
        path={urlFor('pages.documents.index')}
        placeholder="Search documents, e.g. linear algebra"
        empty="No documents found"
      >
        <DocumentGrid testId="catalog-list" documents={items} />
      </CatalogListPage>
    </AppLayout>
  )
}
