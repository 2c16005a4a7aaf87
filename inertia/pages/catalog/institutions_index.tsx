import { AppLayout } from '~/layouts/app_layout'
import { CatalogListPage, type CatalogListProps } from '~/components/catalog/list_page'
import { InstitutionGrid } from '~/components/catalog/catalog_ui'
import type { Institution } from '~/components/catalog/types'
import { urlFor } from '~/client'

export default function InstitutionsIndex({ items, ...list }: CatalogListProps<Institution>) {
  return (
    <AppLayout>
      <CatalogListPage
        {...list}
        heading="Institutions"
        intro="Universities and colleges whose course materials are shared on StudyHub."
        path={urlFor('pages.institutions.index')}
        placeholder="Search institutions by name or city"
        empty="No institutions found"
      >
        <InstitutionGrid testId="catalog-list" institutions={items} />
      </CatalogListPage>
    </AppLayout>
  )
}
