/*
| Routes are split by domain; each file registers its own group (ARCHITECTURE: grouped by
| access and prefix, and named).
*/
import '#start/routes/site'
import '#start/routes/auth'
import '#start/routes/catalog'
import '#start/routes/pages'
import '#start/routes/flags'
import '#start/routes/billing'
import '#start/routes/notes'
import '#start/routes/ai'
import '#start/routes/workspace'
import '#start/routes/study_library'
import '#start/routes/study_review'

import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { ApiError } from '#exceptions/api_error'
import { webStack } from '#start/routes/stacks'

/** Health (docs/rules/operations.md#settings; lean: no session). /api/health is the older liveness address. */
router.get('/api/health', () => ({ ok: true })).as('api.health')
router.get('/api/health/live', [controllers.api.Health, 'live']).as('api.health.live')
router.get('/api/health/ready', [controllers.api.Health, 'ready']).as('api.health.ready')

/*
| Any other page address: a 404 that still knows who is asking (issue 29: the 404 page offered
| "Sign in" to a signed-in student because no session was read for an unmatched route).
| Registered last, so every real route wins; /api answers stay the contract's JSON 404.
*/
router
  .get('/*', () => {
    throw ApiError.notFound()
  })
  .use(webStack())
  .as('pages.not_found')
