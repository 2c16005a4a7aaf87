import type { HttpContext } from '@adonisjs/core/http'
import { CANVAS_EXPORT_MAX_BYTES } from '#services/notes/canvas_export'

/**
 * Routes whose JSON body may pass the 1 MB limit of config/bodyparser.ts, with their own limit in bytes. The
 * router's body parser leaves their body unread; `largeJsonBody()`, placed after auth on the route, reads it,
 * so an anonymous or refused caller never makes the server take in hundreds of megabytes.
 * - The JSON Canvas import takes back whatever the export writes (docs/decisions/notes.md).
 */
export const LARGE_JSON_BODY_ROUTES: Record<string, number> = {
  'api.notes.canvas.import': CANVAS_EXPORT_MAX_BYTES,
}

/** The larger JSON limit of the matched route, if it has one. */
export function largeJsonLimit(ctx: HttpContext): number | undefined {
  const name = ctx.route?.name
  return name !== undefined && Object.hasOwn(LARGE_JSON_BODY_ROUTES, name) ? LARGE_JSON_BODY_ROUTES[name] : undefined
}
