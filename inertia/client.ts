import type { ComponentProps } from 'react'
import type { Link } from '@adonisjs/inertia/react'
import { registry } from '@generated/registry'
import { createTuyau } from '@tuyau/core/client'

/**
 * The typed route client (tuyau), built from the registry `node ace codegen` writes to
 * .adonisjs/client. Pages name routes; the URL comes from start/routes.
 */
export const client = createTuyau({ baseUrl: '/', registry })

export const urlFor = client.urlFor

/** A route name a `<Link route>` accepts (for lists of links). */
export type RouteName = NonNullable<ComponentProps<typeof Link>['route']>
