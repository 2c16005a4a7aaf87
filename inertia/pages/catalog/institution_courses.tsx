import { AppLayout } from '~/layouts/app_layout'
import { CatalogListPage } from '~/components/catalog/list_page'
import { CourseGrid } from '~/components/catalog/catalog_ui'
import type { Course, Institution, ListMeta, PageMeta, SortOption } from '~/components/catalog/types'
import { urlFor } from '~/client'

type Props = {
  seo: PageMeta
  institution: Institution
  items: Course[]
  meta: ListMeta
  q: string
  sort: string
  sortOptions: SortOption[]
}

export default function InstitutionCourses({ seo, institution, items, meta, q, sort, sortOptions }: Props) {
  return (
    <AppLayout>
      <CatalogListPage
        seo={seo}
        heading={`Courses at ${institution.name}`}
        intro={`${meta.total} courses with study documents at ${institution.name}.`}
        path={urlFor('pages.institutions.courses', { slug: institution.slug })}
        q={q}
        sort={sort}
        sortOptions={sortOptions}
        meta={meta}
        placeholder="Search this institution's courses"
        empty="No courses found"
      >
        <CourseGrid testId="catalog-list" courses={items} />
      </CatalogListPage>
    </AppLayout>
  )
}
