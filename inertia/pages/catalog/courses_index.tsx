import { AppLayout } from '~/layouts/app_layout'
import { AdSlot } from '~/components/ad_slot'
import { CatalogListPage, type RelatedResults } from '~/components/catalog/list_page'
import { CourseGrid } from '~/components/catalog/catalog_ui'
import type { Course, ListMeta, PageMeta, SortOption } from '~/components/catalog/types'
import { urlFor } from '~/client'

type Props = {
  seo: PageMeta
  items: Course[]
  meta: ListMeta
  q: string
  sort: string
  sortOptions: SortOption[]
  related?: RelatedResults
}

export default function CoursesIndex({ seo, items, meta, q, sort, sortOptions, related }: Props) {
  return (
    <AppLayout>
      <CatalogListPage
        seo={seo}
        heading="Courses"
        intro="Courses with lecture notes, summaries and exam preparation shared by students."
        path={urlFor('pages.courses.index')}
        q={q}
        sort={sort}
        sortOptions={sortOptions}
        related={related}
        meta={meta}
        placeholder="Search courses by title or code"
        empty="No courses found"
        aside={<AdSlot placement="courses_index" />}
      >
        <CourseGrid testId="catalog-list" courses={items} />
      </CatalogListPage>
    </AppLayout>
  )
}
