import { AppLayout } from '~/layouts/app_layout'
import { CatalogListPage, type CatalogListProps } from '~/components/catalog/list_page'
import { DocumentGrid } from '~/components/catalog/catalog_ui'
import type { CatalogDocument } from '~/components/catalog/types'
import { urlFor } from '~/client'

const COPY = {
  heading: 'Documents',
  intro: 'Lecture notes, summaries, problem sets and exam preparation.',
  placeholder: 'Search documents, e.g. linear algebra',
  empty: 'No documents found',
}

export default function DocumentsIndex({ items, ...list }: CatalogListProps<CatalogDocument>) {
  return (
    <AppLayout>
      <CatalogListPage {...list} {...COPY} path={urlFor('pages.documents.index')}>
        <DocumentGrid testId="catalog-list" documents={items} />
      </CatalogListPage>
    </AppLayout>
  )
}
