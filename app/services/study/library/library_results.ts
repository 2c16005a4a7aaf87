import { inject } from '@adonisjs/core'
import AiSummary from '#models/ai_summary'
import AiGameAttempt from '#models/ai_game_attempt'
import { AiResourceNotFoundError } from '#exceptions/ai_errors'
import { AiResultsService } from '#services/ai/ai_results_service'
import { StudyLibraryService } from '#services/study/library/study_library_service'
import { citedPassages, locatePoints } from '#services/study/library/point_sources'
import { flashcardSetToJson, gameSessionToJson, studyGuideToJson, summaryToJson } from '#transformers/ai_transformer'
import type { LibraryKind, LibraryResultJson, SourceDocumentJson, TriviaAttemptJson } from '#shared/api/study'

export type LibraryItemView = { result: LibraryResultJson; title: string; documents: SourceDocumentJson[] }

/** A stored result as `read` answers it: the JSON, its default title and the documents it was made from. */
const opened = (result: LibraryResultJson, title: string, documentIds: string[]) => ({ result, title, documentIds })

/**
 * One stored result of the library, read back whole for its own page (issue 27 item 1), with
 * the documents its citations point to. Missing or someone else's → 404.
 */
@inject()
export class LibraryResultsService {
  constructor(
    private results: AiResultsService,
    private library: StudyLibraryService
  ) {}

  private async lastAttempt(
    userId: number,
    sessionId: number,
    questions: {
      correctIndex: number
      explanation: string
      citation?: { document_id: string; chunk_index: number } | null
    }[]
  ) {
    const attempt = await AiGameAttempt.query()
      .where('session_id', sessionId)
      .where('user_id', userId)
      .orderBy('id', 'desc')
      .first()
    if (!attempt) return null
    const json: TriviaAttemptJson = {
      attempt_id: String(attempt.id),
      score: attempt.score,
      total: attempt.total,
      created_at: attempt.createdAt.toUTC().toISO(),
      results: questions.map((q, index) => {
        const selected = attempt.answers[index] ?? -1
        return {
          index,
          selected,
          correct_index: q.correctIndex,
          correct: selected === q.correctIndex,
          explanation: q.explanation,
          citation: q.citation ?? null,
        }
      }),
    }
    return json
  }

  private async read(
    userId: number,
    kind: LibraryKind,
    id: number
  ): Promise<{ result: LibraryResultJson; title: string; documentIds: string[] }> {
    switch (kind) {
      case 'summary': {
        const row = await AiSummary.query().where('id', id).where('user_id', userId).first()
        if (!row) throw new AiResourceNotFoundError('Summary')
        const keyPointCitations = locatePoints(row.keyPoints, await citedPassages(row.citations))
        return opened(
          { kind, value: { ...summaryToJson(row), key_point_citations: keyPointCitations } },
          'Summary',
          row.scope.document_ids
        )
      }
      case 'flashcards': {
        const set = await this.results.flashcardSet(userId, id)
        return opened({ kind, value: flashcardSetToJson(set, set.cards) }, set.title, set.scope.document_ids)
      }
      case 'study_guide': {
        const guide = await this.results.studyGuideById(userId, id)
        return opened({ kind, value: studyGuideToJson(guide, guide.sections) }, guide.title, guide.scope.document_ids)
      }
      case 'trivia': {
        const session = await this.results.gameSession(userId, id)
        const attempt = await this.lastAttempt(userId, session.id, session.questions)
        const title = session.focusTopic ? `Trivia game: ${session.focusTopic}` : 'Trivia game'
        return opened({ kind, value: gameSessionToJson(session), attempt }, title, session.scope.document_ids)
      }
      case 'course': {
        const course = await this.results.generatedCourse(userId, id)
        return opened({ kind, value: course }, course.title, course.document_ids)
      }
    }
  }

  async item(userId: number, kind: LibraryKind, id: number): Promise<LibraryItemView> {
    const { result, title, documentIds } = await this.read(userId, kind, id)
    const documents = await this.library.sourceDocuments(userId, documentIds)
    const named =
      kind === 'summary' && documents.length ? `Summary: ${documents.map((d) => d.title).join(', ')}` : title
    return { result, title: named, documents }
  }
}
