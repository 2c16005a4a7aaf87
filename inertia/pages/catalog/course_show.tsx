import { AppLayout } from '~/layouts/app_layout'
import { AddToNotes } from '~/components/add_to_notes'
import { AdSlot } from '~/components/ad_slot'
import { Breadcrumbs, CatalogSeo, DocumentGrid } from '~/components/catalog/catalog_ui'
import type { CatalogDocument, Course, PageMeta } from '~/components/catalog/types'
import { SlugLink } from '~/components/slug_link'

type Props = { seo: PageMeta; course: Course; documents: CatalogDocument[]; documentTotal: number }

export default function CourseShow({ seo, course, documents, documentTotal }: Props) {
  return (
    <AppLayout>
      <CatalogSeo seo={seo} />
      <Breadcrumbs trail={seo.breadcrumbs} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          {course.code ? (
            <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">{course.code}</p>
          ) : null}
          <h1 className="text-3xl font-bold tracking-tight">{course.title}</h1>
          {course.institution ? (
            <p className="mt-1 text-slate-500">
              <SlugLink
                route="pages.institutions.show"
                slug={course.institution.slug}
                className="hover:text-indigo-700"
              >
                {course.institution.name}
              </SlugLink>
            </p>
          ) : null}
        </div>
        <AddToNotes targetType="course" targetId={course.id} targetSlug={course.slug} targetTitle={course.title} />
      </div>
      <p className="mt-4 max-w-3xl text-slate-700">{seo.description}</p>
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_18rem]">
        <section>
          <h2 className="mb-4 text-xl font-semibold">Documents ({documentTotal})</h2>
          <DocumentGrid documents={documents} empty="No documents in this course yet" />
        </section>
        <aside>
          <AdSlot placement="course_detail" />
        </aside>
      </div>
    </AppLayout>
  )
}
