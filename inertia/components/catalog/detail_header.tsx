import type { ReactNode } from 'react'
import { AddToNotes, type AddToNotesProps } from '~/components/add_to_notes'
import { SlugLink } from '~/components/slug_link'

/** The head of a catalog detail page: what it is, its title, where it belongs, and "Add to notes". */
export function DetailHeader({
  kicker,
  title,
  subtitle,
  type,
  entity,
}: {
  kicker?: ReactNode
  title: string
  subtitle?: ReactNode
  /** What "Add to notes" references: this kind, with this id and slug, under the page title. */
  type: AddToNotesProps['targetType']
  entity: { id: string; slug: string }
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        {kicker}
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-500">{subtitle}</p> : null}
      </div>
      <AddToNotes targetType={type} targetId={entity.id} targetSlug={entity.slug} targetTitle={title} />
    </div>
  )
}

/** The quiet link to an institution under a course or document title. */
export function InstitutionLink({ institution }: { institution: { slug: string; name: string } }) {
  return (
    <SlugLink route="pages.institutions.show" slug={institution.slug} className="hover:text-indigo-700">
      {institution.name}
    </SlugLink>
  )
}
