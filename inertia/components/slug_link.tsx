import type { ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'

/** The pages addressed by a slug alone. */
type SlugRoute =
  | 'pages.documents.show'
  | 'pages.courses.show'
  | 'pages.institutions.show'
  | 'pages.institutions.courses'
  | 'pages.ai.tool'

/** A link, by route name, to a page addressed by its slug. */
export function SlugLink({
  route,
  slug,
  className,
  children,
}: {
  route: SlugRoute
  slug: string
  className?: string
  children: ReactNode
}) {
  return (
    <Link route={route} routeParams={{ slug }} className={className}>
      {children}
    </Link>
  )
}
