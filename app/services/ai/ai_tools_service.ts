import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { DomainError } from '#exceptions/domain_error'
import { AiModelFailedError, AiScopeEmptyError } from '#exceptions/ai_errors'
import { CreditsService } from '#services/billing/credits_service'
import { AiIdempotencyStore, type ToolResult } from '#services/ai/ai_idempotency'
import { AiEngineError, NOT_FOUND_ANSWER, type AiEngine, type Difficulty, type Passage } from '#services/ai/engine'
import { resolveEngine } from '#services/ai/engine_factory'
import { resolveScope, maxTotalCharacters, type ScopeInput } from '#services/ai/scope_resolver'
import type { AiScope, ChunkRef } from '#models/ai_json'
import { cutAtSentence, splitSentences, terms } from '#services/ai/nlp'
import { bm25 } from '#services/ai/vectors'
import { rankPassages, readOut } from '#services/ai/retrieval'
import { embedQuery, queryEncoder } from '#services/ai/embeddings/encoders'
import AiSummary from '#models/ai_summary'
import AiFlashcardSet from '#models/ai_flashcard_set'
import AiFlashcard from '#models/ai_flashcard'
import AiStudyGuide from '#models/ai_study_guide'
import AiStudyGuideSection from '#models/ai_study_guide_section'
import AiGameSession from '#models/ai_game_session'
import GeneratedCourse from '#models/generated_course'
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
export type { ToolResult } from '#services/ai/ai_idempotency'
export type SummaryInput = ScopeInput
export type FlashcardsInput = ScopeInput & { count?: number }
export type QaInput = ScopeInput & { user_query: string }
export type TriviaInput = ScopeInput & { questionCount?: number; difficulty?: Difficulty; focusTopic?: string | null }
export type CourseInput = { topic: string; level?: 'beginner' | 'intermediate' | 'advanced'; document_ids?: (string | number)[] }

/** CONTRACT 14: the Q&A answer when the documents do not hold one (never charged). */
export function notFoundBody(): QaAnswerJson {
  return { answer: NOT_FOUND_ANSWER, found: false, sources: [], citations: [] }
}

/**
 * The rules of the AI tools (SPEC A, CONTRACT 4/6/12): scope → credits check → one model
 * call → validation of the result → one transaction that persists it, consumes the credit
 * and records the Idempotency-Key answer. A failed or empty generation persists nothing
 * and costs nothing; a replayed key answers the stored response without a second charge.
 */
@inject()
export class AiToolsService {
  constructor(
    private credits: CreditsService,
    private idempotency: AiIdempotencyStore
  ) {}

  private get engine(): AiEngine {
    return resolveEngine()
  }

  // ------------------------------------------------------------------ generation frame

  private async generate<T>(
    userId: number,
    operation: string,
    idempotencyKey: string | null,
    produce: () => Promise<T>,
    persist: (result: T, trx: TransactionClientContract) => Promise<Omit<ToolResult, 'replayed'>>,
    /** The answer for a result that is worth nothing (Q&A not found): answered, never charged. */
    free?: (result: T) => unknown | null
  ): Promise<ToolResult> {
    const prior = await this.idempotency.replay(userId, idempotencyKey)
    if (prior) return prior
    await this.credits.assertAvailable(userId)
    let result: T
    try {
      result = await produce()
    } catch (error) {
      if (error instanceof DomainError) throw error
      if (error instanceof AiEngineError) {
        logger.warn({ operation, reason: error.message }, 'AI engine answer rejected')
      } else {
        logger.error({ err: error, operation }, 'AI engine failed')
      }
      throw new AiModelFailedError()
    }
    const uncharged = free?.(result)
    if (uncharged) return { data: uncharged, created: false, replayed: false }
    try {
      return await db.transaction(async (trx) => {
        const outcome = await persist(result, trx)
        await this.credits.consume(userId, trx)
        if (idempotencyKey) await this.idempotency.record(trx, userId, idempotencyKey, operation, outcome)
        return { ...outcome, replayed: false }
      })
    } catch (error) {
      const replay = idempotencyKey && isUniqueViolation(error) ? await this.idempotency.replay(userId, idempotencyKey) : null
      if (replay) return replay
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
      throw new AiModelFailedError()
    }
    throw new AiScopeEmptyError(`There is not enough text in this scope to build ${what}. Nothing was charged.`)
  }

  // ------------------------------------------------------------------ tools

  async summary(userId: number, input: SummaryInput, key: string | null): Promise<ToolResult> {
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
        return { data: summaryToJson(row), created: true }
      }
    )
  }

  async flashcards(userId: number, input: FlashcardsInput, key: string | null): Promise<ToolResult> {
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
        return { data: flashcardSetToJson(set, cards), created: true }
      }
    )
  }

  /**
   * CONTRACT 14: every chunk in scope is ranked; MAX_TOTAL_CHARACTERS caps only what is read
   * out to the engine. Nothing relevant → `found: false` without a model call; a found: false
   * answer (either engine) is free.
   */
  async qa(userId: number, input: QaInput, key: string | null): Promise<ToolResult> {
    const query = input.user_query.trim()
    const { passages } = await resolveScope(userId, input, { uncapped: true, encoderId: queryEncoder()?.id })
    const retrieval = rankPassages(passages, query, await embedQuery(passages, query))
    const readout = readOut(retrieval, maxTotalCharacters())
    // Nothing shares a word with the question and nothing is near it in meaning: free not-found.
    if (readout.length === 0 || (retrieval.sentences[0]?.score ?? 0) <= 0) return { data: notFoundBody(), created: false, replayed: false }
    const score = new Map(retrieval.ranked.map((r) => [`${r.passage.document_id}:${r.passage.chunk_index}`, r.score]))
    const queryTerms = terms(query)
    return this.generate(
      userId,
      'qa',
      key,
      async () => {
        const r = await this.engine.answer(readout, { query, retrieval })
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
        return { data: body, created: false }
      },
      (r) => (r.found ? null : notFoundBody())
    )
  }

  async studyGuide(userId: number, input: ScopeInput, key: string | null): Promise<ToolResult> {
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
        return { data: studyGuideToJson(guide, sections), created: true }
      }
    )
  }

  async trivia(userId: number, input: TriviaInput, key: string | null): Promise<ToolResult> {
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
        return { data: gameSessionToJson(session), created: true }
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

  async generateCourse(userId: number, input: CourseInput, key: string | null): Promise<ToolResult> {
    const level = input.level ?? 'beginner'
    const topic = input.topic.trim()
    const ids = input.document_ids ?? []
    if (ids.length === 0 && this.engine.name === 'local') {
      throw new AiScopeEmptyError('Add at least one document with text to build a course from: without documents only a hosted AI model can write one. Nothing was charged.')
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
        return { data: generatedCourseToJson(course), created: true }
      }
    )
  }
}
