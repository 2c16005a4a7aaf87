import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DocumentUploadService, MAX_UPLOAD_BYTES } from '#services/documents/document_upload_service'
import { uploadFieldsValidator, uploadProgressValidator } from '#validators/ai'
import { uploadedDocumentToJson } from '#transformers/ai_transformer'

/** POST /api/documents/upload (docs/rules/documents.md#upload). */
@inject()
export default class DocumentUploadsController {
  constructor(private service: DocumentUploadService) {}

  async store({ request, response, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    await this.service.assertQuota(user.id)
    const fields = await request.validateUsing(uploadFieldsValidator, {
      data: {
        title: request.input('title'),
        course_id: request.input('course_id'),
        visibility: request.input('visibility'),
        progress_token: request.header('x-upload-token') ?? null,
      },
    })
    const file = request.file('file', { size: MAX_UPLOAD_BYTES + 1 })
    const { document, course } = await this.service.upload(user.id, file, fields)
    return response.status(201).json({ document: uploadedDocumentToJson(document, course) })
  }

  /** GET /api/documents/upload/progress/:token → `{ stage: 'reading'|'ocr', page, pages }` (issue 29 item 8). */
  async progress({ request, auth }: HttpContext) {
    const { token } = await request.validateUsing(uploadProgressValidator, { data: { token: request.param('token') } })
    return this.service.progress(auth.getUserOrFail().id, token)
  }
}
