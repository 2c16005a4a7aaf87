import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { ApiError } from '#exceptions/api_error'
import { CreditsService } from '#services/billing/credits_service'
import { AiEngineError, NOT_FOUND_ANSWER, type AiEngine, type Difficulty, type Passage } from '#services/ai/engine'
import { resolveEngine } from '#services/ai/engine_factory'
import { resolveScope, canUseDocument, maxTotalCharacters, type ScopeInput } from '#services/ai/scope_resolver'
import type { AiScope, ChunkRef } from '#models/ai_json'
import { bm25, cutAtSentence, splitSentences, terms } from '#services/ai/nlp'
import { rankPassages, readOut } from '#services/ai/retrieval'
import AiSummary from '#models/ai_summary'
import AiFlashcardSet from '#models/ai_flashcard_set'
import AiFlashcard from '#models/ai_flashcard'
import AiStudyGuide from '#models/ai_study_guide'
import AiStudyGuideSection from '#models/ai_study_guide_section'
import AiGameSession from '#models/ai_game_session'
import AiGameAttempt from '#models/ai_game_attempt'
import AiIdempotencyKey from '#models/ai_idempotency_key'
import GeneratedCourse from '#models/generated_course'
import Document from '#models/document'
import DocumentChunk from '#models/document_chunk'
import { parseRowId } from '#validators/request_input'
import {
  flashcardSetToJson,
  gameSessionToJson,
  generatedCourseToJson,
  studyGuideToJson,
  summaryToJson,
} from '#transformers/ai_transformer'
import { isUniqueViolation } from '#services/database/unique_violation'
import type { QaAnswerJson } from '#shared/api/ai'

export const TOOL_IDS = ['summary', 'flashcards', 'qa', 'study-guide', 'trivia-game'] as const
export type ToolId = (typeof TOOL_IDS)[number]

export type ToolResponse = { status: number; body: unknown; replayed?: boolean }

export type SummaryInput = ScopeInput
export type FlashcardsInput = ScopeInput & { count?: number }
export type QaInput = ScopeInput & { user_query: string }
export type TriviaInput = ScopeInput & { questionCount?: number; difficulty?: Difficulty; focusTopic?: string | null }
export type CourseInput = { topic: string; level?: 'beginner' | 'intermediate' | 'advanced'; document_ids?: (string | number)[] }

/** CONTRACT 14: the Q&A answer when the documents do not hold one (never charged). */
export function notFoundBody(): QaAnswerJson {
  return { answer: NOT_FOUND_ANSWER, found: false, sources: [], citations: [] }
}

const SAFE_MODEL_ERROR = 'The AI model returned an answer we could not use. Nothing was saved and no credit was used. Please try again.'


/**
 * The rules of the AI tools (SPEC A, CONTRACT 4/6/12): scope → credits check → one model
 * call → validation of the result → one transaction that persists it, consumes the credit
 * and records the Idempotency-Key answer. A failed or empty generation persists nothing
 * and costs nothing; a replayed key answers the stored response without a second charge.
 */
export class AiToolsService {
  constructor(
    private credits = new CreditsService(),
    private engineProvider: () => AiEngine = resolveEngine
  ) {}

  private get engine() {
    return this.engineProvider()
  }

  // ------------------------------------------------------------------ generation frame

  private async generate<T>(
    userId: number,
    operation: string,
    idempotencyKey: string | null,
    produce: () => Promise<T>,
    persist: (result: T, trx: TransactionClientContract) => Promise<{ status: number; body: unknown }>,
    /** A response for a result that is worth nothing (Q&A not found): answered, never charged. */
    free?: (result: T) => { status: number; body: unknown } | null
  ): Promise<ToolResponse> {
    if (idempotencyKey) {
      const prior = await AiIdempotencyKey.query().where('user_id', userId).where('key', idempotencyKey).first()
      if (prior) return { status: prior.statusCode, body: JSON.parse(prior.response), replayed: true }
    }
    await this.credits.assertAvailable(userId)
    let result: T
    try {
      result = await produce()
    } catch (error) {
      if (error instanceof ApiError) throw error
      if (error instanceof AiEngineError) {
        logger.warn({ operation, reason: error.message }, 'AI engine answer rejected')
      } else {
        logger.error({ err: error, operation }, 'AI engine failed')
      }
      throw ApiError.internal(SAFE_MODEL_ERROR)
    }
    const uncharged = free?.(result)
    if (uncharged) return uncharged
    try {
      return await db.transaction(async (trx) => {
        const response = await persist(result, trx)
        await this.credits.consume(userId, trx)
        if (idempotencyKey) {
          await AiIdempotencyKey.create(
            { userId, key: idempotencyKey, operation, statusCode: response.status, response: JSON.stringify(response.body) },
            { client: trx }
          )
        }
        return response
      })
    } catch (error) {
      if (idempotencyKey && isUniqueViolation(error)) {
        const prior = await AiIdempotencyKey.query().where('user_id', userId).where('key', idempotencyKey).first()
        if (prior) return { status: prior.statusCode, body: JSON.parse(prior.response), replayed: true }
      }
      throw error
    }
  }

  /**
   * An empty result from the local engine means the scope had too little usable text (422);
   * from a hosted model it is an unusable answer (SPEC A rule 4: 500, nothing persisted).
   */
  private empty(what: string): never {
    if (this.engine.name !== 'local') {
      logger.warn({ what, engine: this.engine.name }, 'AI engine answer rejected: empty result')
      throw ApiError.internal(SAFE_MODEL_ERROR)
    }
    throw ApiError.unprocessable(`There is not enough text in this scope to build ${what}. Nothing was charged.`)
  }

  // ------------------------------------------------------------------ tools

  async summary(userId: number, input: SummaryInput, key: string | null): Promise<ToolResponse> {
    const { scope, passages } = await resolveScope(userId, input)
    return this.generate(
      userId,
      'summary',
      key,
      async () => {
        const r = await this.engine.summarize(passages)
        if (!r.summary.trim()) this.empty('a summary')
        return r
      },
      async (r, trx) => {
        const row = await AiSummary.create(
          { userId, scope, summary: r.summary.trim(), keyPoints: r.key_points.map((p) => p.trim()).filter(Boolean), citations: r.citations, provider: this.engine.name },
          { client: trx }
        )
        return { status: 201, body: summaryToJson(row) }
      }
    )
  }

  async flashcards(userId: number, input: FlashcardsInput, key: string | null): Promise<ToolResponse> {
    const { scope, passages } = await resolveScope(userId, input)
    const count = input.count ?? 10
    return this.generate(
      userId,
      'flashcards',
      key,
      async () => {
        const r = await this.engine.flashcards(passages, { count })
        const cards = r.cards.filter((c) => c.front.trim() && c.back.trim()).slice(0, count)
        if (cards.length === 0) this.empty('flashcards')
        return { ...r, cards }
      },
      async (r, trx) => {
        const set = await AiFlashcardSet.create({ userId, title: r.title.slice(0, 250), scope, provider: this.engine.name }, { client: trx })
        const cards = await AiFlashcard.createMany(
          r.cards.map((c, position) => ({ setId: set.id, position, front: c.front.trim(), back: c.back.trim(), citation: c.citation })),
          { client: trx }
        )
        return { status: 201, body: flashcardSetToJson(set, cards) }
      }
    )
  }

  /**
   * CONTRACT 14: every chunk in scope is ranked; MAX_TOTAL_CHARACTERS caps only what is read
   * out to the engine. Nothing relevant → `found: false` without a model call; a found: false
   * answer (either engine) is free.
   */
  async qa(userId: number, input: QaInput, key: string | null): Promise<ToolResponse> {
    const query = input.user_query.trim()
    const { passages } = await resolveScope(userId, input, { uncapped: true })
    const retrieval = rankPassages(passages, query)
    const readout = readOut(retrieval, maxTotalCharacters())
    if (readout.length === 0) return { status: 200, body: notFoundBody() }
    const score = new Map(retrieval.ranked.map((r) => [`${r.passage.document_id}:${r.passage.chunk_index}`, r.score]))
    const queryTerms = terms(query)
    return this.generate(
      userId,
      'qa',
      key,
      async () => {
        const r = await this.engine.answer(readout, { query, groups: retrieval.groups })
        // Only an explicit `found: false` abstains; anything else must be a usable answer.
        if (r?.found === false) return { answer: '', found: false, citations: [] }
        if (typeof r?.answer !== 'string' || !r.answer.trim() || !Array.isArray(r.citations)) this.empty('an answer')
        return { ...r, found: true }
      },
      async (r) => {
        const refKey = (c: ChunkRef) => `${c.document_id}:${c.chunk_index}`
        const cited = r.citations.map(refKey)
        const ordered = cited.length ? readout.filter((p) => cited.includes(refKey(p))).sort((a, b) => cited.indexOf(refKey(a)) - cited.indexOf(refKey(b))) : readout.slice(0, 1)
        const sources = ordered.slice(0, 3).map((p) => {
          const sentences = splitSentences(p.text)
          const scores = bm25(queryTerms, sentences.map((s) => terms(s)))
          let best = 0
          scores.forEach((s, i) => (s > scores[best] ? (best = i) : null))
          return {
            document_id: p.document_id,
            chunk_index: p.chunk_index,
            snippet: cutAtSentence(scores[best] > 0 ? sentences[best] : sentences[0] || p.text, 300),
            score: Math.round((score.get(refKey(p)) ?? 0) * 1000) / 1000,
          }
        })
        const body: QaAnswerJson = { answer: r.answer.trim(), found: true, sources, citations: r.citations }
        return { status: 200, body }
      },
      (r) => (r.found ? null : { status: 200, body: notFoundBody() })
    )
  }

  async studyGuide(userId: number, input: ScopeInput, key: string | null): Promise<ToolResponse> {
    const { scope, passages } = await resolveScope(userId, input)
    return this.generate(
      userId,
      'study-guide',
      key,
      async () => {
        const r = await this.engine.studyGuide(passages)
        const sections = r.sections.filter((s) => s.heading.trim() && s.content.trim())
        if (sections.length === 0) this.empty('a study guide')
        return { ...r, sections }
      },
      async (r, trx) => {
        const guide = await AiStudyGuide.create({ userId, title: r.title.slice(0, 250), scope, provider: this.engine.name }, { client: trx })
        const sections = await AiStudyGuideSection.createMany(
          r.sections.map((s, position) => ({ guideId: guide.id, position, heading: s.heading.slice(0, 250), content: s.content, citations: s.citations })),
          { client: trx }
        )
        return { status: 201, body: studyGuideToJson(guide, sections) }
      }
    )
  }

  async trivia(userId: number, input: TriviaInput, key: string | null): Promise<ToolResponse> {
    const { scope, passages } = await resolveScope(userId, input)
    const count = input.questionCount ?? 5
    const difficulty = input.difficulty ?? 'medium'
    const focusTopic = input.focusTopic?.trim() || null
    return this.generate(
      userId,
      'trivia-game',
      key,
      async () => {
        const avoid = await this.earlierQuestions(userId, scope)
        const r = await this.engine.trivia(passages, { count, difficulty, focusTopic, seed: Math.floor(Math.random() * 2 ** 31), avoid })
        const questions = r.questions.filter((q) => q.options.length >= 2 && q.correctIndex >= 0 && q.correctIndex < q.options.length).slice(0, count)
        if (questions.length === 0) this.empty('a trivia game')
        return { questions }
      },
      async (r, trx) => {
        const session = await AiGameSession.create(
          { userId, scope, difficulty, focusTopic, questions: r.questions, provider: this.engine.name },
          { client: trx }
        )
        return { status: 201, body: gameSessionToJson(session) }
      }
    )
  }

  /** Questions of the caller's recent games on exactly this scope (a new game asks others). */
  private async earlierQuestions(userId: number, scope: AiScope): Promise<string[]> {
    const same = (a: AiScope) => a.course_id === scope.course_id && a.document_ids.length === scope.document_ids.length && a.document_ids.every((id) => scope.document_ids.includes(id))
    const pattern = scope.document_ids.length ? `%"${scope.document_ids[0]}"%` : '%'
    const sessions = await AiGameSession.query().where('user_id', userId).whereLike('scope', pattern).orderBy('id', 'desc').limit(50)
    return sessions.filter((s) => same(s.scope)).flatMap((s) => s.questions.map((q) => q.question))
  }

  async generateCourse(userId: number, input: CourseInput, key: string | null): Promise<ToolResponse> {
    const level = input.level ?? 'beginner'
    const topic = input.topic.trim()
    const ids = input.document_ids ?? []
    if (ids.length === 0 && this.engine.name === 'local') {
      throw ApiError.unprocessable('Add at least one document with text to build a course from: without documents only a hosted AI model can write one. Nothing was charged.')
    }
    const { passages, scope } = ids.length
      ? await resolveScope(userId, { scope: { document_ids: ids } })
      : { passages: [] as Passage[], scope: { document_ids: [] as string[], course_id: null } }
    return this.generate(
      userId,
      'generated-course',
      key,
      async () => {
        const r = await this.engine.course(passages, { topic, level })
        const modules = r.modules.filter((m) => m.title.trim() && m.lessons.length > 0)
        if (modules.length === 0) this.empty('a course')
        return { ...r, modules }
      },
      async (r, trx) => {
        const course = await GeneratedCourse.create(
          { userId, topic, level, title: r.title.slice(0, 250), description: r.description, modules: r.modules, documentIds: scope.document_ids, provider: this.engine.name },
          { client: trx }
        )
        return { status: 201, body: generatedCourseToJson(course) }
      }
    )
  }

  // ------------------------------------------------------------------ reads

  /** A document the caller may use, for the by-document listings (404 missing, 403 foreign). */
  async readableDocument(userId: number, documentId: string) {
    const id = parseRowId(documentId)
    const document = id === null ? null : await Document.find(id)
    if (!document) throw ApiError.notFound('Document not found')
    if (!canUseDocument(userId, document)) throw ApiError.forbidden('You do not have access to this document')
    return document
  }

  /** One cited passage (a chunk) of a document the caller may use: "open the cited passage". */
  async passage(userId: number, documentId: string, chunkIndex: string) {
    const document = await this.readableDocument(userId, documentId)
    const index = /^\d{1,9}$/.test(chunkIndex) ? Number(chunkIndex) : -1
    const chunk = index >= 0 ? await DocumentChunk.query().where('document_id', document.id).where('chunk_index', index).first() : null
    if (!chunk) throw ApiError.notFound('Passage not found')
    return { document_id: String(document.id), document_title: document.title, document_slug: document.slug, chunk_index: chunk.chunkIndex, text: chunk.content }
  }

  /**
   * The caller's rows of one kind whose scope includes a document they may use, newest
   * first. Ids are stored quoted (`"12"`), so the LIKE narrows the rows in SQL (children are
   * preloaded for those only); the scope check confirms (a course_id of 12 matches it too).
   */
  private async scopedTo<T extends { scope: AiScope }>(userId: number, documentId: string, query: (pattern: string) => Promise<T[]>) {
    const id = String((await this.readableDocument(userId, documentId)).id)
    const rows = await query(`%"${id}"%`)
    return rows.filter((row) => row.scope.document_ids.includes(id))
  }

  /** One of the caller's rows by a route id: out of range, missing or foreign → 404. */
  private async ownRow<T>(rawId: string, what: string, find: (id: number) => Promise<T | null>): Promise<T> {
    const id = parseRowId(rawId)
    const row = id === null ? null : await find(id)
    if (!row) throw ApiError.notFound(`${what} not found`)
    return row
  }

  async summariesOf(userId: number, documentId: string) {
    const rows = await this.scopedTo(userId, documentId, (pattern) =>
      AiSummary.query().where('user_id', userId).whereLike('scope', pattern).orderBy('id', 'desc')
    )
    return rows.map(summaryToJson)
  }

  async flashcardSetsOf(userId: number, documentId: string) {
    const sets = await this.scopedTo(userId, documentId, (pattern) =>
      AiFlashcardSet.query().where('user_id', userId).whereLike('scope', pattern).orderBy('id', 'desc').preload('cards')
    )
    return sets.map((s) => flashcardSetToJson(s, s.cards))
  }

  flashcardSet(userId: number, setId: string) {
    return this.ownRow(setId, 'Flashcard set', (id) => AiFlashcardSet.query().where('id', id).where('user_id', userId).preload('cards').first())
  }

  async studyGuidesOf(userId: number, documentId: string) {
    const guides = await this.scopedTo(userId, documentId, (pattern) =>
      AiStudyGuide.query().where('user_id', userId).whereLike('scope', pattern).orderBy('id', 'desc').preload('sections')
    )
    return guides.map((g) => studyGuideToJson(g, g.sections))
  }

  studyGuideById(userId: number, guideId: string) {
    return this.ownRow(guideId, 'Study guide', (id) => AiStudyGuide.query().where('id', id).where('user_id', userId).preload('sections').first())
  }

  gameSession(userId: number, sessionId: string) {
    return this.ownRow(sessionId, 'Trivia session', (id) => AiGameSession.query().where('id', id).where('user_id', userId).first())
  }

  /** SPEC A rule 5: the answers must match the question count, else 400 and no attempt. */
  async submitTrivia(userId: number, sessionId: string, answers: number[]) {
    const session = await this.gameSession(userId, sessionId)
    const total = session.questions.length
    if (answers.length !== total) {
      throw ApiError.badRequest(`Send exactly one answer per question (${total} expected, ${answers.length} given).`, undefined, [
        { field: 'answers', rule: 'length', message: `answers must have ${total} entries` },
      ])
    }
    const results = session.questions.map((q, index) => {
      const selected = answers[index]
      const correct = selected === q.correctIndex
      return { index, selected, correct_index: q.correctIndex, correct, explanation: q.explanation }
    })
    const score = results.filter((r) => r.correct).length
    const attempt = await AiGameAttempt.create({ sessionId: session.id, userId, answers, score, total })
    return { attempt_id: String(attempt.id), score, total, results }
  }

  async generatedCourses(userId: number) {
    const rows = await GeneratedCourse.query().where('user_id', userId).orderBy('id', 'desc')
    return rows.map(generatedCourseToJson)
  }

  async generatedCourse(userId: number, courseId: string) {
    const row = await this.ownRow(courseId, 'Generated course', (id) => GeneratedCourse.query().where('id', id).where('user_id', userId).first())
    return generatedCourseToJson(row)
  }
}

/** CSV (RFC 4180) and Anki (tab-separated, `#separator:tab`) exports of a flashcard set. */
export function exportFlashcards(cards: { front: string; back: string }[], format: 'csv' | 'anki') {
  if (format === 'csv') {
    const q = (v: string) => `"${v.replace(/"/g, '""')}"`
    return ['front,back', ...cards.map((c) => `${q(c.front)},${q(c.back)}`)].join('\r\n') + '\r\n'
  }
  const clean = (v: string) => v.replace(/[\t\r\n]+/g, ' ')
  return ['#separator:tab', '#html:false', '#columns:Front\tBack', ...cards.map((c) => `${clean(c.front)}\t${clean(c.back)}`)].join('\n') + '\n'
}
