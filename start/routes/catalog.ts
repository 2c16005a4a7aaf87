/*
| Routes of the catalog area (docs/rules/catalog.md#lists).
| - Public lists and institution/by-slug reads run on the LEAN stack (no session, shield or
|   auth): they are public and cacheable.
| - GET /api/courses/:slug and GET /api/documents/:slug run on the web stack: a private course or
| document is visible to its owner, and a document's text depends on the caller
| (docs/rules/documents.md#access-states).
| - /api/my/* need a signed-in user.
| In production the public catalog JSON routes answer 403 to bare-node user agents
| (docs/rules/catalog.md#page-metadata).
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { webStack, signedInStack } from '#start/routes/stacks'
import { bareNodeAgentGuard } from '#middleware/bare_node_agent_middleware'
import { searchThrottle } from '#start/limiter'

router
  .group(() => {
    /* Lean public catalog JSON. */
    router
      .group(() => {
        router
          .resource('institutions', controllers.api.Institutions)
          .only(['index', 'show'])
          .params({ institutions: 'slug' })
        router.get('/institutions/:slug/courses', [controllers.api.Institutions, 'courses']).as('institutions.courses')
        router.get('/courses', [controllers.api.Courses, 'index']).as('courses.index')
        router.get('/documents', [controllers.api.Documents, 'index']).as('documents.index')
        router.get('/search/suggest', [controllers.api.Search, 'suggest']).as('search.suggest')
      })
      .use(searchThrottle)

    /* Caller-dependent public reads (owner of a private row; access to a document's text). */
    router
      .group(() => {
        router.get('/courses/:slug', [controllers.api.Courses, 'show']).as('courses.show')
        router.get('/documents/:slug', [controllers.api.Documents, 'show']).as('documents.show')
      })
      .use(webStack())
  })
  .prefix('/api')
  .use(bareNodeAgentGuard())
  .as('api')

/* Own rows. */
router
  .group(() => {
    router.get('/documents', [controllers.api.MyDocuments, 'index']).as('documents.index')
    router.get('/documents/:id/file', [controllers.api.MyDocuments, 'file']).as('documents.file')
    router.delete('/documents/:id', [controllers.api.MyDocuments, 'destroy']).as('documents.destroy')
    router.resource('courses', controllers.api.MyCourses).only(['index', 'store'])
  })
  .prefix('/api/my')
  .use(signedInStack())
  .as('api.my')
