import { cutAtBoundary } from '#shared/text'
import { appUrl } from '#config/app'
import type { Crumb, PageMeta, SerializedCourse, SerializedDocument, SerializedInstitution } from '#shared/api/catalog'

/**
 * Page metadata of the catalog pages (docs/rules/catalog.md#page-metadata "Page metadata rules"), computed on
 * the server so the rules live in one place and are unit-testable; pages render it through <Seo>.
 */
export type { Crumb, PageMeta }

export const SITE_NAME = 'StudyHub'
export const NOINDEX_FOLLOW = 'noindex, follow'

export function absolute(path: string): string {
  return `${appUrl}${path.startsWith('/') ? path : `/${path}`}`
}

export function breadcrumbList(trail: Crumb[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    'itemListElement': trail.map((crumb, index) => ({
      '@type': 'ListItem',
      'position': index + 1,
      'name': crumb.name,
      'item': absolute(crumb.path),
    })),
  }
}

/** Plain text cut at a sentence or word boundary, never mid-phrase (meta descriptions). */
export function clip(text: string, max = 300): string {
  return cutAtBoundary(text, max)
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`
}

/* ------------------------------------------------------------------ descriptions */

/** Institutions: description, then counts and location. */
export function institutionDescription(institution: SerializedInstitution): string {
  if (institution.description?.trim()) return clip(institution.description)
  const place = [institution.city, institution.country].filter(Boolean).join(', ')
  return clip(
    `${institution.name}${place ? ` in ${place}` : ''}: ${plural(institution.course_count, 'course', 'courses')} and ${plural(institution.document_count, 'study document', 'study documents')}.`
  )
}

/** Courses: description, then document count and institution name. */
export function courseDescription(course: SerializedCourse): string {
  if (course.description?.trim()) return clip(course.description)
  const at = course.institution ? ` at ${course.institution.name}` : ''
  return clip(`${course.title}${at}: ${plural(course.document_count, 'study document', 'study documents')}.`)
}

/** Documents: description, then seo_content, then topic tags. */
export function documentDescription(document: SerializedDocument): string {
  if (document.description?.trim()) return clip(document.description)
  if (document.seo_content?.trim()) return clip(document.seo_content)
  if (document.topic_tags.length) return clip(`${document.title}: study notes on ${document.topic_tags.join(', ')}.`)
  return clip(`${document.title}: a study document on ${SITE_NAME}.`)
}

/* ------------------------------------------------------------------ lists */

export type ListMetaInput = {
  /** e.g. "Documents" */
  heading: string
  description: string
  /** e.g. "/documents" */
  path: string
  page: number
  lastPage: number
  q?: string
  trail: Crumb[]
  /** Adds CollectionPage structured data. */
  collection?: boolean
}

/**
 * List pages: canonical strips q and sort; page N > 1 self-canonicalises with ?page=N and the
 * title gains "page N of M"; a search result carries robots "noindex, follow"; BreadcrumbList.
 */
export function listMeta(input: ListMetaInput): PageMeta {
  const canonical = absolute(input.page > 1 ? `${input.path}?page=${input.page}` : input.path)
  const pageSuffix = input.page > 1 ? ` – page ${input.page} of ${input.lastPage}` : ''
  const searchPrefix = input.q ? `Search results for “${clip(input.q, 60)}” – ` : ''
  const title = `${searchPrefix}${input.heading}${pageSuffix} | ${SITE_NAME}`
  const jsonLd: object[] = [breadcrumbList(input.trail)]
  if (input.collection) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      'name': input.heading,
      'description': input.description,
      'url': canonical,
    })
  }
  return {
    title,
    description: input.description,
    canonical,
    robots: input.q ? NOINDEX_FOLLOW : undefined,
    jsonLd,
    breadcrumbs: input.trail,
  }
}

/* ------------------------------------------------------------------ details */

export function institutionTrail(institution: { name: string; slug: string }): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    { name: 'Institutions', path: '/institutions' },
    { name: institution.name, path: `/institutions/${institution.slug}` },
  ]
}

export function courseTrail(course: SerializedCourse): Crumb[] {
  const base: Crumb[] = course.institution
    ? institutionTrail(course.institution)
    : [
        { name: 'Home', path: '/' },
        { name: 'Courses', path: '/courses' },
      ]
  return [...base, { name: course.title, path: `/courses/${course.slug}` }]
}

export function documentTrail(document: SerializedDocument, course: SerializedCourse | null): Crumb[] {
  const base: Crumb[] = course
    ? courseTrail(course)
    : [
        { name: 'Home', path: '/' },
        { name: 'Documents', path: '/documents' },
      ]
  return [...base, { name: document.title, path: `/documents/${document.slug}` }]
}

export function institutionMeta(institution: SerializedInstitution): PageMeta {
  const description = institutionDescription(institution)
  const canonical = absolute(`/institutions/${institution.slug}`)
  return {
    breadcrumbs: institutionTrail(institution),
    title: `${institution.name} – courses and study documents | ${SITE_NAME}`,
    description,
    canonical,
    jsonLd: [
      breadcrumbList(institutionTrail(institution)),
      {
        '@context': 'https://schema.org',
        '@type': 'EducationalOrganization',
        'name': institution.name,
        'description': description,
        'url': canonical,
        ...(institution.city || institution.country
          ? {
              address: {
                '@type': 'PostalAddress',
                ...(institution.city ? { addressLocality: institution.city } : {}),
                ...(institution.country ? { addressCountry: institution.country } : {}),
              },
            }
          : {}),
      },
    ],
  }
}

export function courseMeta(course: SerializedCourse): PageMeta {
  const description = courseDescription(course)
  const canonical = absolute(`/courses/${course.slug}`)
  return {
    breadcrumbs: courseTrail(course),
    title: `${course.code ? `${course.code}: ` : ''}${course.title}${course.institution ? ` – ${course.institution.name}` : ''} | ${SITE_NAME}`,
    description,
    canonical,
    robots: course.visibility === 'private' ? 'noindex, nofollow' : undefined,
    jsonLd: [
      breadcrumbList(courseTrail(course)),
      {
        '@context': 'https://schema.org',
        '@type': 'Course',
        'name': course.title,
        'description': description,
        'url': canonical,
        ...(course.code ? { courseCode: course.code } : {}),
        ...(course.institution
          ? {
              provider: {
                '@type': 'EducationalOrganization',
                'name': course.institution.name,
                'url': absolute(`/institutions/${course.institution.slug}`),
              },
            }
          : {}),
      },
    ],
  }
}

export function documentMeta(document: SerializedDocument, course: SerializedCourse | null): PageMeta {
  const description = documentDescription(document)
  const canonical = absolute(`/documents/${document.slug}`)
  return {
    breadcrumbs: documentTrail(document, course),
    title: `${document.title}${course ? ` – ${course.title}` : ''} | ${SITE_NAME}`,
    description,
    canonical,
    robots: document.visibility === 'private' ? 'noindex, nofollow' : undefined,
    jsonLd: [
      breadcrumbList(documentTrail(document, course)),
      {
        '@context': 'https://schema.org',
        '@type': 'LearningResource',
        'name': document.title,
        'description': description,
        'url': canonical,
        'dateModified': document.updated_at,
        ...(document.topic_tags.length ? { keywords: document.topic_tags.join(', ') } : {}),
        'isAccessibleForFree': document.access_level === 'free',
      },
    ],
  }
}

export function homeMeta(): PageMeta {
  return {
    title: `${SITE_NAME} – study materials and AI study tools`,
    description:
      'Find course documents from institutions worldwide and study them with AI summaries, flashcards, Q&A and quizzes.',
    canonical: absolute('/'),
    breadcrumbs: [{ name: 'Home', path: '/' }],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        'name': SITE_NAME,
        'url': absolute('/'),
        'logo': absolute('/favicon.svg'),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        'name': SITE_NAME,
        'url': absolute('/'),
        'potentialAction': {
          '@type': 'SearchAction',
          'target': { '@type': 'EntryPoint', 'urlTemplate': `${absolute('/documents')}?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
      breadcrumbList([{ name: 'Home', path: '/' }]),
    ],
  }
}
