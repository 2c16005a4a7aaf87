import type { AiScope } from '#models/ai_json'
import type { TriviaScoreJson } from '#shared/api/ai'
import AiSummary from '#models/ai_summary'
import AiFlashcardSet from '#models/ai_flashcard_set'
import AiStudyGuide from '#models/ai_study_guide'
import AiGameSession from '#models/ai_game_session'
import AiGameAttempt from '#models/ai_game_attempt'
import GeneratedCourse from '#models/generated_course'
import Document from '#models/document'
import DocumentChunk from '#models/document_chunk'
import {
  AiAccessDeniedError,
  AiResourceNotFoundError,
  TriviaAnswerCountError,
  TriviaAnswerRangeError,
} from '#exceptions/ai_errors'
import { canUseDocument } from '#services/ai/scope_resolver'
import {
  flashcardSetToJson,
  generatedCourseToJson,
  studyGuideToJson,
  summaryToJson,
} from '#transformers/ai_transformer'

/**
 * What the AI tools produced, read back (docs/rules/ai.md#tools): a user's results by document or by id, the
 * cited passages, trivia submissions and generated courses. Ids are row ids, checked by the
 * route matchers; a missing or foreign result is 404, a foreign document 403.
 */
export class AiResultsService {
  /** A document the caller may use, for the by-document listings (404 missing, 403 foreign). */
  async readableDocument(userId: number, documentId: number) {
    const document = await Document.find(documentId)
    if (!document) throw new AiResourceNotFoundError('Document')
    if (!canUseDocument(userId, document)) throw new AiAccessDeniedError('You do not have access to this document')
    return document
  }

  /** One cited passage (a chunk) of a document the caller may use: "open the cited passage". */
  async passage(userId: number, documentId: number, chunkIndex: number) {
    const document = await this.readableDocument(userId, documentId)
    const chunk = await DocumentChunk.query().where('document_id', document.id).where('chunk_index', chunkIndex).first()
    if (!chunk) throw new AiResourceNotFoundError('Passage')
    return {
      document_id: String(document.id),
      document_title: document.title,
      document_slug: document.slug,
      chunk_index: chunk.chunkIndex,
      text: chunk.content,
    }
  }

  /**
   * The caller's rows of one kind whose scope includes a document they may use, newest
   * first. Ids are stored quoted (`"12"`), so the LIKE narrows the rows in SQL (children are
   * preloaded for those only); the scope check confirms (a course_id of 12 matches it too).
   */
  private async scopedTo<T extends { scope: AiScope }>(
    userId: number,
    documentId: number,
    query: (pattern: string) => Promise<T[]>
  ) {
    const id = String((await this.readableDocument(userId, documentId)).id)
    const rows = await query(`%"${id}"%`)
    return rows.filter((row) => row.scope.document_ids.includes(id))
  }

  private async own<T>(what: string, row: Promise<T | null>): Promise<T> {
    const found = await row
    if (!found) throw new AiResourceNotFoundError(what)
    return found
  }

  async summariesOf(userId: number, documentId: number) {
    const rows = await this.scopedTo(userId, documentId, (pattern) =>
      AiSummary.query().where('user_id', userId).whereLike('scope', pattern).orderBy('id', 'desc')
    )
    return rows.map(summaryToJson)
  }

  async flashcardSetsOf(userId: number, documentId: number) {
    const sets = await this.scopedTo(userId, documentId, (pattern) =>
      AiFlashcardSet.query().where('user_id', userId).whereLike('scope', pattern).orderBy('id', 'desc').preload('cards')
    )
    return sets.map((s) => flashcardSetToJson(s, s.cards))
  }

  flashcardSet(userId: number, setId: number) {
    return this.own(
      'Flashcard set',
      AiFlashcardSet.query().where('id', setId).where('user_id', userId).preload('cards').first()
    )
  }

  async studyGuidesOf(userId: number, documentId: number) {
    const guides = await this.scopedTo(userId, documentId, (pattern) =>
      AiStudyGuide.query()
        .where('user_id', userId)
        .whereLike('scope', pattern)
        .orderBy('id', 'desc')
        .preload('sections')
    )
    return guides.map((g) => studyGuideToJson(g, g.sections))
  }

  studyGuideById(userId: number, guideId: number) {
    return this.own(
      'Study guide',
      AiStudyGuide.query().where('id', guideId).where('user_id', userId).preload('sections').first()
    )
  }

  gameSession(userId: number, sessionId: number) {
    return this.own('Trivia session', AiGameSession.query().where('id', sessionId).where('user_id', userId).first())
  }

  /** docs/rules/ai.md#trivia: the answers must match the question count, else 400 and no attempt. */
  async submitTrivia(userId: number, sessionId: number, answers: number[]): Promise<TriviaScoreJson> {
    const session = await this.gameSession(userId, sessionId)
    const total = session.questions.length
    if (answers.length !== total) throw new TriviaAnswerCountError(total, answers.length)
    const outside = session.questions.findIndex((q, i) => answers[i] >= q.options.length)
    if (outside >= 0) throw new TriviaAnswerRangeError(outside, session.questions[outside].options.length)
    const results = session.questions.map((q, index) => {
      const selected = answers[index]
      const correct = selected === q.correctIndex
      return {
        index,
        selected,
        correct_index: q.correctIndex,
        correct,
        explanation: q.explanation,
        citation: q.citation ?? null,
      }
    })
    const score = results.filter((r) => r.correct).length
    const attempt = await AiGameAttempt.create({ sessionId: session.id, userId, answers, score, total })
    return { attempt_id: String(attempt.id), score, total, results }
  }

  async generatedCourses(userId: number) {
    const rows = await GeneratedCourse.query().where('user_id', userId).orderBy('id', 'desc')
    return rows.map(generatedCourseToJson)
  }

  async generatedCourse(userId: number, courseId: number) {
    return generatedCourseToJson(
      await this.own('Generated course', GeneratedCourse.query().where('id', courseId).where('user_id', userId).first())
    )
  }
}
