import type { HttpContext } from '@adonisjs/core/http'

/** Signed-in workspace pages; they load their data through /api with loading states. */
export default class WorkspacePagesController {
  async dashboard({ inertia }: HttpContext) {
    return inertia.render('workspace/dashboard', {})
  }

  async myDocuments({ inertia }: HttpContext) {
    return inertia.render('workspace/my_documents', {})
  }

  async myCourses({ inertia }: HttpContext) {
    return inertia.render('workspace/my_courses', {})
  }

  async onboarding({ inertia }: HttpContext) {
    return inertia.render('workspace/onboarding', {})
  }

  /** Friendly page for a request the visitor may not make (linked from 401/403 answers). */
  async unauthorized({ inertia, response }: HttpContext) {
    response.status(403)
    return inertia.render('errors/forbidden', { status: 403, message: 'You do not have access to this page. Sign in with an account that does.' })
  }

  async warning({ inertia, request }: HttpContext) {
    const reason = String(request.input('reason', ''))
    return inertia.render('workspace/warning', { reason: reason.slice(0, 40) })
  }
}
