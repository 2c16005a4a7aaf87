import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { WorkspaceService } from '#services/workspace/workspace_service'
import { serializeOwnedCourse, serializeOwnedDocument } from '#transformers/workspace'
import { updateMyCourseValidator, updateMyDocumentValidator } from '#validators/workspace'
import { ApiError } from '#exceptions/api_error'

/** The id columns are 32-bit integers: a larger id names nothing (404, not a driver error). */
const MAX_ID = 2_147_483_647

function idParam(value: unknown) {
  const id = Number(value)
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw ApiError.notFound()
  return id
}

@inject()
export default class WorkspaceController {
  constructor(private workspace: WorkspaceService) {}

  async updateDocument({ auth, params, request }: HttpContext) {
    const changes = await request.validateUsing(updateMyDocumentValidator)
    const document = await this.workspace.updateDocument(auth.user!.id, idParam(params.id), changes)
    return serializeOwnedDocument(document)
  }

  async showCourse({ auth, params }: HttpContext) {
    const { course, documents } = await this.workspace.courseDocuments(auth.user!.id, idParam(params.id))
    return { ...serializeOwnedCourse(course, documents.length), documents: documents.map(serializeOwnedDocument) }
  }

  async updateCourse({ auth, params, request }: HttpContext) {
    const changes = await request.validateUsing(updateMyCourseValidator)
    const course = await this.workspace.updateCourse(auth.user!.id, idParam(params.id), changes)
    return serializeOwnedCourse(course)
  }

  async destroyCourse({ auth, params }: HttpContext) {
    const course = await this.workspace.deleteCourse(auth.user!.id, idParam(params.id))
    return { deleted: true, id: String(course.id) }
  }

  async addDocument({ auth, params }: HttpContext) {
    const document = await this.workspace.addDocumentToCourse(
      auth.user!.id,
      idParam(params.id),
      idParam(params.documentId)
    )
    return serializeOwnedDocument(document)
  }

  async removeDocument({ auth, params }: HttpContext) {
    const document = await this.workspace.removeDocumentFromCourse(
      auth.user!.id,
      idParam(params.id),
      idParam(params.documentId)
    )
    return serializeOwnedDocument(document)
  }
}
