import { AppLayout } from '~/layouts/app_layout'
import { CatalogListPage, type CatalogListProps } from '~/components/catalog/list_page'
import { CourseGrid } from '~/components/catalog/catalog_ui'
import type { Course, Institution } from '~/components/catalog/types'
import { urlFor } from '~/client'

type Props = CatalogListProps<Course> & { institution: Institution }

export default function InstitutionCourses({ institution, items, ...list }: Props) {
  return (
    <AppLayout>
      <CatalogListPage
        {...list}
        heading={`Courses at ${institution.name}`}
        intro={`${list.meta.total} courses with study documents at ${institution.name}.`}
        path={urlFor('pages.institutions.courses', { slug: institution.slug })}
        placeholder="Search this institution's courses"
        empty="No courses found"
      >
        <CourseGrid testId="catalog-list" courses={items} />
      </CatalogListPage>
    </AppLayout>
  )
}
