import { EmptyState } from '~/components/states'
import { Marked } from './highlight'
import type { ReactNode } from 'react'
import type { AccessLevel, CatalogDocument, Course, Institution } from './types'
import { SlugLink } from '~/components/slug_link'

/** The catalog's cards (institution, course, document), their access badge and their grids. */
const ACCESS_STYLES: Record<AccessLevel, string> = {
  free: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  paid: 'bg-amber-50 text-amber-800 ring-amber-200',
  premium: 'bg-violet-50 text-violet-700 ring-violet-200',
  locked: 'bg-slate-100 text-slate-700 ring-slate-300',
}

const ACCESS_LABELS: Record<AccessLevel, string> = { free: 'Free', paid: 'Paid', premium: 'Premium', locked: 'Locked' }

export function AccessBadge({ level }: { level: AccessLevel }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${ACCESS_STYLES[level]}`}
      data-access-level={level}
    >
      {ACCESS_LABELS[level]}
    </span>
  )
}

function Card({ children }: { children: ReactNode }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-300">
      {children}
    </li>
  )
}

const CARD_TEXT = {
  /** The line under the title that places it: city, institution, course. */
  context: 'text-sm text-slate-500',
  /** Its description, cut to two lines. */
  summary: 'mt-2 line-clamp-2 text-sm text-slate-600',
}

/** A line of text on a card, its search words marked; nothing when there is no text. */
function CardText({ kind, text }: { kind: keyof typeof CARD_TEXT; text?: string | null }) {
  if (!text) return null
  return (
    <p className={CARD_TEXT[kind]}>
      <Marked text={text} />
    </p>
  )
}

export function InstitutionCard({ institution }: { institution: Institution }) {
  const place = [institution.city, institution.country].filter(Boolean).join(', ')
  return (
    <Card>
      <h2 className="font-semibold">
        <SlugLink route="pages.institutions.show" slug={institution.slug} className="text-indigo-700 hover:underline">
          <Marked text={institution.name} />
        </SlugLink>
      </h2>
      <CardText kind="context" text={place} />
      <CardText kind="summary" text={institution.description} />
      <p className="mt-2 text-xs text-slate-500">
        {institution.course_count} courses · {institution.document_count} documents
      </p>
    </Card>
  )
}

export function CourseCard({ course }: { course: Course }) {
  return (
    <Card>
      <h2 className="font-semibold">
        <SlugLink route="pages.courses.show" slug={course.slug} className="text-indigo-700 hover:underline">
          {course.code ? (
            <span className="mr-1 text-slate-500">
              <Marked text={course.code} />
            </span>
          ) : null}
          <Marked text={course.title} />
        </SlugLink>
      </h2>
      <CardText kind="context" text={course.institution?.name} />
      <CardText kind="summary" text={course.description} />
      <p className="mt-2 text-xs text-slate-500">{course.document_count} documents</p>
    </Card>
  )
}

export function DocumentCard({ document }: { document: CatalogDocument }) {
  return (
    <Card>
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold">
          <SlugLink route="pages.documents.show" slug={document.slug} className="text-indigo-700 hover:underline">
            <Marked text={document.title} />
          </SlugLink>
        </h2>
        <AccessBadge level={document.access_level} />
      </div>
      <CardText kind="context" text={document.course?.title} />
      <CardText kind="summary" text={document.description || document.seo_content} />
      {document.topic_tags.length ? (
        <ul className="mt-2 flex flex-wrap gap-1">
          {document.topic_tags.slice(0, 5).map((tag) => (
            <li key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  )
}

export function CardGrid({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {children}
    </ul>
  )
}

type GridProps = { testId?: string; empty?: string }

/** One card per item in a CardGrid; with `empty`, the empty state when there is nothing to show. */
function Grid<T>({ items, card, testId, empty }: GridProps & { items: T[]; card: (item: T) => ReactNode }) {
  if (empty && items.length === 0) return <EmptyState title={empty} />
  return <CardGrid testId={testId}>{items.map(card)}</CardGrid>
}

export function InstitutionGrid({ institutions, ...grid }: GridProps & { institutions: Institution[] }) {
  return <Grid {...grid} items={institutions} card={(i) => <InstitutionCard key={i.id} institution={i} />} />
}

export function CourseGrid({ courses, ...grid }: GridProps & { courses: Course[] }) {
  return <Grid {...grid} items={courses} card={(c) => <CourseCard key={c.id} course={c} />} />
}

export function DocumentGrid({ documents, ...grid }: GridProps & { documents: CatalogDocument[] }) {
  return <Grid {...grid} items={documents} card={(d) => <DocumentCard key={d.id} document={d} />} />
}
