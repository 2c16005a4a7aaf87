import db from '@adonisjs/lucid/services/db'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import type { CleanupSteps } from '#tests/support/browser_session'

/*
| A public catalog trail (an institution, one of its courses, a document in it) for the browser
| sweeps that visit every page: axe (issue 14 B8), phone widths (issue 29).
*/
export type CatalogSlugs = { institution: string; course: string; document: string }

type TrailText = { institution: string; course: string; document: string; text: string }

/** Creates the trail; `cleanup` deletes it (document, course, then institution) after what it already holds. */
export async function createCatalogTrail(names: TrailText, cleanup: CleanupSteps): Promise<CatalogSlugs> {
  const institution = await createInstitution({ name: names.institution, description: 'A university.' })
  const course = await createCourse({ institutionId: institution.id, title: names.course, description: 'A course.' })
  const document = await createDocument({ courseId: course.id, title: names.document, description: 'Notes.' }, [
    names.text,
  ])
  cleanup.last(() => db.from('documents').where('id', document.id).delete())
  cleanup.last(() => db.from('courses').where('id', course.id).delete())
  cleanup.last(() => db.from('institutions').where('id', institution.id).delete())
  return { institution: institution.slug, course: course.slug, document: document.slug }
}

/** The list and detail pages of the trail: institutions, courses and documents. */
export function trailPaths(slugs: CatalogSlugs) {
  return [
    '/institutions',
    `/institutions/${slugs.institution}`,
    '/courses',
    `/courses/${slugs.course}`,
    '/documents',
    `/documents/${slugs.document}`,
  ]
}
