/* Public and signed-in pages that belong to no other area. */
import router from '@adonisjs/core/services/router'
import { webStack } from '#start/routes/stacks'
import { anonymousPageCache } from '#middleware/anonymous_page_cache_middleware'
import { searchThrottle } from '#start/limiter'

const CatalogHomeController = () => import('#controllers/pages/catalog_home_controller')
const CatalogInstitutionsController = () => import('#controllers/pages/catalog_institutions_controller')
const CatalogCoursesController = () => import('#controllers/pages/catalog_courses_controller')
const CatalogDocumentsController = () => import('#controllers/pages/catalog_documents_controller')

router
  .group(() => {
    router.get('/', [CatalogHomeController, 'show']).as('home')
    /* Catalog pages (SSR, docs/rules/catalog.md#page-metadata "Page metadata rules"). */
    router.get('/institutions', [CatalogInstitutionsController, 'index']).as('institutions.index')
    router.get('/institutions/:slug', [CatalogInstitutionsController, 'show']).as('institutions.show')
    router.get('/institutions/:slug/courses', [CatalogInstitutionsController, 'courses']).as('institutions.courses')
    router.get('/courses', [CatalogCoursesController, 'index']).as('courses.index')
    router.get('/courses/:slug', [CatalogCoursesController, 'show']).as('courses.show')
    router.get('/documents', [CatalogDocumentsController, 'index']).as('documents.index')
    router.get('/documents/:slug', [CatalogDocumentsController, 'show']).as('documents.show')
  })
  // Anonymous visits are served from the page cache before the web stack (issue 19).
  .use([searchThrottle, anonymousPageCache, ...webStack()])
  .as('pages')
