/* The student's workspace (issue 10): dashboard, own documents and courses, onboarding. */
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'
import { webStack, signedInStack } from '#start/routes/stacks'
import { whereRowIds } from '#start/routes/matchers'

/* Ids in plain digits (`whereRowIds`): `0x31`, `49.0` or `%2049` would otherwise name row 49 too. */
whereRowIds(
  router.group(() => {
    router.patch('/my/documents/:id', [controllers.api.Workspace, 'updateDocument']).as('documents.update')
    router.get('/my/courses/:id', [controllers.api.Workspace, 'showCourse']).as('courses.show')
    router.patch('/my/courses/:id', [controllers.api.Workspace, 'updateCourse']).as('courses.update')
    router.delete('/my/courses/:id', [controllers.api.Workspace, 'destroyCourse']).as('courses.destroy')
    router
      .post('/my/courses/:id/documents/:documentId', [controllers.api.Workspace, 'addDocument'])
      .as('courses.documents.add')
    router
      .delete('/my/courses/:id/documents/:documentId', [controllers.api.Workspace, 'removeDocument'])
      .as('courses.documents.remove')
  }),
  'id',
  'documentId'
)
  .prefix('/api')
  .use(signedInStack())
  .as('api.my')

router
  .group(() => {
    router.get('/dashboard', [controllers.pages.WorkspacePages, 'dashboard']).as('dashboard')
    router.get('/my-documents', [controllers.pages.WorkspacePages, 'myDocuments']).as('my_documents')
    router.get('/my-courses', [controllers.pages.WorkspacePages, 'myCourses']).as('my_courses')
    router
      .get('/onboarding', [controllers.pages.WorkspacePages, 'onboarding'])
      .as('onboarding')
      .use(middleware.noindex())
  })
  .use(signedInStack())
  .as('pages.workspace')

// The pages a refused or risky action lands on: open to anyone, never indexed.
router
  .group(() => {
    router.get('/unauthorized', [controllers.pages.WorkspacePages, 'unauthorized']).as('unauthorized')
    router.get('/warning', [controllers.pages.WorkspacePages, 'warning']).as('warning')
  })
  .use([...webStack(), middleware.noindex()])
  .as('pages')
