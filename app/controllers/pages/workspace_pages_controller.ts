import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { WorkspacePageProps } from '#services/pages/workspace_page_props'

/** Signed-in workspace pages: server-rendered with the user's items; they mutate through /api. */
@inject()
export default class WorkspacePagesController {
  constructor(private props: WorkspacePageProps) {}

  async dashboard({ inertia, auth }: HttpContext) {
    return inertia.render('workspace/dashboard', await this.props.dashboard(auth.getUserOrFail()))
  }

  async myDocuments({ inertia, auth }: HttpContext) {
    return inertia.render('workspace/my_documents', {
      documents: await this.props.ownDocuments(auth.getUserOrFail(), 100),
    })
  }

  async myCourses({ inertia, auth }: HttpContext) {
    return inertia.render('workspace/my_courses', await this.props.myCourses(auth.getUserOrFail()))
  }

  async onboarding({ inertia }: HttpContext) {
    return inertia.render('workspace/onboarding', {})
  }

  /** Friendly page for a request the visitor may not make (linked from 401/403 answers). */
  async unauthorized({ inertia, response }: HttpContext) {
    response.status(403)
    return inertia.render('errors/forbidden', {
      status: 403,
      message: 'You do not have access to this page. Sign in with an account that does.',
    })
  }

  async warning({ inertia, request }: HttpContext) {
    const reason = String(request.input('reason', ''))
    return inertia.render('workspace/warning', { reason: reason.slice(0, 40) })
  }
}
