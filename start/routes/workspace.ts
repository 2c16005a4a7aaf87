/* The student's workspace (issue 10): dashboard, own documents and courses, onboarding. */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { webStack, signedInStack } from '#start/routes/stacks'

const WorkspaceController = () => import('#controllers/api/workspace_controller')
const WorkspacePagesController = () => import('#controllers/pages/workspace_pages_controller')

router
  .group(() => {
    router.patch('/my/documents/:id', [WorkspaceController, 'updateDocument']).as('documents.update')
    router.get('/my/courses/:id', [WorkspaceController, 'showCourse']).as('courses.show')
    router.patch('/my/courses/:id', [WorkspaceController, 'updateCourse']).as('courses.update')
    router.delete('/my/courses/:id', [WorkspaceController, 'destroyCourse']).as('courses.destroy')
    router
      .post('/my/courses/:id/documents/:documentId', [WorkspaceController, 'addDocument'])
      .as('courses.documents.add')
    router
      .delete('/my/courses/:id/documents/:documentId', [WorkspaceController, 'removeDocument'])
      .as('courses.documents.remove')
  })
  .prefix('/api')
  .use(signedInStack())
  .as('api.my')

router
  .group(() => {
    router.get('/dashboard', [WorkspacePagesController, 'dashboard']).as('dashboard')
    router.get('/my-documents', [WorkspacePagesController, 'myDocuments']).as('my_documents')
    router.get('/my-courses', [WorkspacePagesController, 'myCourses']).as('my_courses')
    router.get('/onboarding', [WorkspacePagesController, 'onboarding']).as('onboarding').use(middleware.noindex())
  })
  .use(signedInStack())
  .as('pages.workspace')

router
  .get('/unauthorized', [WorkspacePagesController, 'unauthorized'])
  .use([...webStack(), middleware.noindex()])
  .as('pages.unauthorized')

router
  .get('/warning', [WorkspacePagesController, 'warning'])
  .use([...webStack(), middleware.noindex()])
  .as('pages.warning')
