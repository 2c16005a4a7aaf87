import { AppLayout } from '~/layouts/app_layout'
import { CatalogListPage, type CatalogListProps } from '~/components/catalog/list_page'
import { InstitutionGrid } from '~/components/catalog/catalog_ui'
import type { Institution } from '~/components/catalog/types'
import { urlFor } from '~/client'

const COPY = {
  heading: 'Institutions',
  intro: 'Universities and colleges whose course materials are shared on StudyHub.',
  placeholder: 'Search institutions by name or city',
  empty: 'No institutions found',
}

export default function InstitutionsIndex({ items, ...list }: CatalogListProps<Institution>) {
  return (
    <AppLayout>
      <CatalogListPage {...list} {...COPY} path={urlFor('pages.institutions.index')}>
        <InstitutionGrid testId="catalog-list" institutions={items} />
      </CatalogListPage>
    </AppLayout>
  )
}
