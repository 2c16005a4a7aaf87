import { AppLayout } from '~/layouts/app_layout'
import { DetailHeader } from '~/components/catalog/detail_header'
import { Breadcrumbs, CatalogSeo, CourseGrid } from '~/components/catalog/catalog_ui'
import type { Course, Institution, PageMeta } from '~/components/catalog/types'
import { SlugLink } from '~/components/slug_link'

type Props = { seo: PageMeta; institution: Institution; courses: Course[]; courseTotal: number }

export default function InstitutionShow({ seo, institution, courses, courseTotal }: Props) {
  const place = [institution.city, institution.country].filter(Boolean).join(', ')
  return (
    <AppLayout>
      <CatalogSeo seo={seo} />
      <Breadcrumbs trail={seo.breadcrumbs} />
      <DetailHeader title={institution.name} subtitle={place} type="institution" entity={institution} />
      <p className="mt-4 max-w-3xl text-slate-700">{seo.description}</p>
      <dl className="mt-4 flex gap-6 text-sm text-slate-600">
        <div>
          <dt className="inline font-medium">Courses: </dt>
          <dd className="inline">{institution.course_count}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Documents: </dt>
          <dd className="inline">{institution.document_count}</dd>
        </div>
      </dl>
      <section className="mt-10">
        <div className="mb-4 flex items-baseline justify-between">
          <h2 className="text-xl font-semibold">Courses</h2>
          {courseTotal > 0 ? (
            <SlugLink
              route="pages.institutions.courses"
              slug={institution.slug}
              className="text-sm text-indigo-700 hover:underline"
            >
              All {courseTotal} courses →
            </SlugLink>
          ) : null}
        </div>
        <CourseGrid courses={courses} empty="No public courses yet" />
      </section>
    </AppLayout>
  )
}
