/* Public and signed-in pages that belong to no other area. */
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { webStack } from '#start/routes/stacks'
import { middleware } from '#start/kernel'
import { searchThrottle } from '#start/limiter'

router
  .group(() => {
    router.get('/', [controllers.pages.CatalogHome, 'show']).as('home')
    /* Catalog pages (SSR, docs/rules/catalog.md#page-metadata "Page metadata rules"). */
    router.get('/institutions', [controllers.pages.CatalogInstitutions, 'index']).as('institutions.index')
    router.get('/institutions/:slug', [controllers.pages.CatalogInstitutions, 'show']).as('institutions.show')
    router
      .get('/institutions/:slug/courses', [controllers.pages.CatalogInstitutions, 'courses'])
      .as('institutions.courses')
    router.get('/courses', [controllers.pages.CatalogCourses, 'index']).as('courses.index')
    router.get('/courses/:slug', [controllers.pages.CatalogCourses, 'show']).as('courses.show')
    router.get('/documents', [controllers.pages.CatalogDocuments, 'index']).as('documents.index')
    router.get('/documents/:slug', [controllers.pages.CatalogDocuments, 'show']).as('documents.show')
  })
  // Anonymous visits are served from the page cache before the web stack (issue 19).
  .use([searchThrottle, middleware.anonymousPageCache(), ...webStack()])
  .as('pages')
