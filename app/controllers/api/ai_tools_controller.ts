import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ApiError } from '#exceptions/api_error'
import { attachmentDisposition } from '#services/infra/attachment'
import { UnknownAiToolError } from '#exceptions/ai_errors'
import { AiToolsService, type ToolResult } from '#services/ai/ai_tools_service'
import { toolFor } from '#services/ai/tools/registry'
import { AiResultsService } from '#services/ai/ai_results_service'
import { exportFlashcards } from '#services/ai/flashcard_export'
import { exportValidator, triviaSubmitValidator } from '#validators/ai'
import { flashcardSetToJson, gameSessionToJson, studyGuideToJson } from '#transformers/ai_transformer'

export function idempotencyKey(request: HttpContext['request']): string | null {
  const raw = request.header('idempotency-key')
  if (raw === undefined || raw === null) return null
  const key = String(raw).trim()
  if (!key || key.length > 200) {
    throw ApiError.badRequest('Idempotency-Key must be 1 to 200 characters', undefined, [
      { field: 'Idempotency-Key', rule: 'length', message: 'Invalid Idempotency-Key' },
    ])
  }
  return key
}

/** A generation answers 201 with the record it created, 200 with an answer (Q&A). */
export function sendToolResponse(response: HttpContext['response'], result: ToolResult) {
  if (result.replayed) response.header('Idempotent-Replayed', 'true')
  return response.status(result.created ? 201 : 200).json(result.data)
}

/**
 * /api/ai/tools/* (docs/rules/ai.md#tools). Guards in start/routes/ai.ts; generation in AiToolsService, reads
 * in AiResultsService. Ids in the address are row ids (route matchers).
 */
@inject()
export default class AiToolsController {
  constructor(
    private service: AiToolsService,
    private results: AiResultsService
  ) {}

  /** One lookup in the tool registry (issue 25 item 4): validation and generation are the tool's. */
  async run({ params, request, response, auth }: HttpContext) {
    const tool = toolFor(String(params.toolId))
    if (!tool) throw new UnknownAiToolError(String(params.toolId))
    const userId = auth.getUserOrFail().id
    const input = await request.validateUsing(tool.validator)
    const key = idempotencyKey(request)
    return sendToolResponse(response, await this.service.run(userId, tool, input, key))
  }

  async passage({ params, auth }: HttpContext) {
    return this.results.passage(auth.getUserOrFail().id, params.documentId, params.chunkIndex)
  }

  async summariesOfDocument({ params, auth }: HttpContext) {
    return { data: await this.results.summariesOf(auth.getUserOrFail().id, params.documentId) }
  }

  async flashcardSetsOfDocument({ params, auth }: HttpContext) {
    return { data: await this.results.flashcardSetsOf(auth.getUserOrFail().id, params.documentId) }
  }

  async flashcardSet({ params, auth }: HttpContext) {
    const set = await this.results.flashcardSet(auth.getUserOrFail().id, params.setId)
    return flashcardSetToJson(set, set.cards)
  }

  async exportFlashcardSet({ params, request, response, auth }: HttpContext) {
    const { format = 'csv' } = await request.validateUsing(exportValidator, { data: request.qs() })
    const set = await this.results.flashcardSet(auth.getUserOrFail().id, params.setId)
    const body = exportFlashcards(
      [...set.cards].sort((a, b) => a.position - b.position),
      format
    )
    const base = Array.from(set.title.trim()).slice(0, 80).join('') || 'flashcards'
    response.header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8')
    response.header('Content-Disposition', attachmentDisposition(`${base}.${format === 'csv' ? 'csv' : 'txt'}`))
    return response.send(body)
  }

  async studyGuidesOfDocument({ params, auth }: HttpContext) {
    return { data: await this.results.studyGuidesOf(auth.getUserOrFail().id, params.documentId) }
  }

  async studyGuide({ params, auth }: HttpContext) {
    const guide = await this.results.studyGuideById(auth.getUserOrFail().id, params.guideId)
    return studyGuideToJson(guide, guide.sections)
  }

  async triviaSession({ params, auth }: HttpContext) {
    return gameSessionToJson(await this.results.gameSession(auth.getUserOrFail().id, params.sessionId))
  }

  async submitTrivia({ params, request, auth }: HttpContext) {
    const { answers } = await request.validateUsing(triviaSubmitValidator)
    return this.results.submitTrivia(auth.getUserOrFail().id, params.sessionId, answers)
  }
}
