import { AppLayout } from '~/layouts/app_layout'
import { AdSlot } from '~/components/ad_slot'
import { CatalogListPage, type CatalogListProps } from '~/components/catalog/list_page'
import { CourseGrid } from '~/components/catalog/catalog_ui'
import type { Course } from '~/components/catalog/types'
import { urlFor } from '~/client'

const COPY = {
  heading: 'Courses',
  intro: 'Courses with lecture notes, summaries and exam preparation shared by students.',
  placeholder: 'Search courses by title or code',
  empty: 'No courses found',
}

export default function CoursesIndex({ items, ...list }: CatalogListProps<Course>) {
  return (
    <AppLayout>
      <CatalogListPage
        {...list}
        {...COPY}
        path={urlFor('pages.courses.index')}
        aside={<AdSlot placement="courses_index" />}
      >
        <CourseGrid testId="catalog-list" courses={items} />
      </CatalogListPage>
    </AppLayout>
  )
}
