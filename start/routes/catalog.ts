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
import { middleware } from '#start/kernel'
import { webStack } from '#start/routes/stacks'
import { bareNodeAgentGuard } from '#middleware/bare_node_agent_middleware'
import { searchThrottle } from '#start/limiter'

const InstitutionsController = () => import('#controllers/api/institutions_controller')
const CoursesController = () => import('#controllers/api/courses_controller')
const DocumentsController = () => import('#controllers/api/documents_controller')
const MyDocumentsController = () => import('#controllers/api/my_documents_controller')
const MyCoursesController = () => import('#controllers/api/my_courses_controller')
const SearchController = () => import('#controllers/api/search_controller')

const bareNodeAgents = bareNodeAgentGuard()

/* Lean public catalog JSON. */
router
  .group(() => {
    router.get('/institutions', [InstitutionsController, 'index']).as('institutions.index')
    router.get('/institutions/:slug', [InstitutionsController, 'show']).as('institutions.show')
    router.get('/institutions/:slug/courses', [InstitutionsController, 'courses']).as('institutions.courses')
    router.get('/courses', [CoursesController, 'index']).as('courses.index')
    router.get('/documents', [DocumentsController, 'index']).as('documents.index')
    router.get('/search/suggest', [SearchController, 'suggest']).as('search.suggest')
  })
  .prefix('/api')
  .use(bareNodeAgents)
  .use(searchThrottle)
  .as('api')

/* Caller-dependent public reads (owner of a private row; access to a document's text). */
router
  .group(() => {
    router.get('/courses/:slug', [CoursesController, 'show']).as('courses.show')
    router.get('/documents/:slug', [DocumentsController, 'show']).as('documents.show')
  })
  .prefix('/api')
  .use(bareNodeAgents)
  .use(webStack())
  .as('api')

/* Own rows. */
router
  .group(() => {
    router.get('/documents', [MyDocumentsController, 'index']).as('documents.index')
    router.get('/documents/:id/file', [MyDocumentsController, 'file']).as('documents.file')
    router.delete('/documents/:id', [MyDocumentsController, 'destroy']).as('documents.destroy')
    router.get('/courses', [MyCoursesController, 'index']).as('courses.index')
    router.post('/courses', [MyCoursesController, 'store']).as('courses.store')
  })
  .prefix('/api/my')
  .use(webStack())
  .use(middleware.auth())
  .as('api.my')
