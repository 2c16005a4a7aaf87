import { AppLayout } from '~/layouts/app_layout'
import { DetailHeader, InstitutionLink } from '~/components/catalog/detail_header'
import { AdSlot } from '~/components/ad_slot'
import { Breadcrumbs, CatalogSeo, DocumentGrid } from '~/components/catalog/catalog_ui'
import type { CatalogDocument, Course, PageMeta } from '~/components/catalog/types'

type Props = { seo: PageMeta; course: Course; documents: CatalogDocument[]; documentTotal: number }

export default function CourseShow({ seo, course, documents, documentTotal }: Props) {
  return (
    <AppLayout>
      <CatalogSeo seo={seo} />
      <Breadcrumbs trail={seo.breadcrumbs} />
      <DetailHeader
        kicker={
          course.code ? (
            <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">{course.code}</p>
          ) : null
        }
        title={course.title}
        subtitle={course.institution ? <InstitutionLink institution={course.institution} /> : null}
        type="course"
        entity={course}
      />
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
