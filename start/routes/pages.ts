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
    router
      .resource('institutions', controllers.pages.CatalogInstitutions)
      .only(['index', 'show'])
      .params({ institutions: 'slug' })
    router
      .get('/institutions/:slug/courses', [controllers.pages.CatalogInstitutions, 'courses'])
      .as('institutions.courses')
    router.resource('courses', controllers.pages.CatalogCourses).only(['index', 'show']).params({ courses: 'slug' })
    router
      .resource('documents', controllers.pages.CatalogDocuments)
      .only(['index', 'show'])
      .params({ documents: 'slug' })
  })
  // Anonymous visits are served from the page cache before the web stack (issue 19).
  .use([searchThrottle, middleware.anonymousPageCache(), ...webStack()])
  .as('pages')
