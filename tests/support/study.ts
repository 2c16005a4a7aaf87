import app from '@adonisjs/core/services/app'
import type { Group } from '@japa/runner/core'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { StudyClock } from '#services/study/review/study_clock'
import { resetAiLimiter, runTool, useEngine, userWithDocument } from '#tests/support/ai'
import { api } from '#tests/support/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import AiFlashcardSet from '#models/ai_flashcard_set'

/** A clock the review services read; `advance` moves it. Restored by `restoreStudyClock`. */
export class FixedStudyClock extends StudyClock {
  constructor(public at: Date) {
    super()
  }
  now() {
    return new Date(this.at)
  }
  advance(seconds: number) {
    this.at = new Date(this.at.getTime() + seconds * 1000)
  }
}

export function useStudyClock(at: Date) {
  const clock = new FixedStudyClock(at)
  app.container.swap(StudyClock, () => clock)
  return clock
}

export function restoreStudyClock() {
  app.container.restore(StudyClock)
}

/**
 * The usual study test group: per test a rolled-back transaction, an empty AI limiter, the
 * local engine and the study clock fixed at `at` (put back after the test).
 */
export function studyGroup(group: Group, at: Date) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await resetAiLimiter()
    useEngine(null)
    useStudyClock(at)
    return () => restoreStudyClock()
  })
}

/** A pro user with a document and a trivia game of `questionCount` questions made through the API. */
export async function startTrivia(client: ApiClient, questionCount = 3) {
  const { user, doc } = await userWithDocument()
  const created = await runTool(client, user, 'trivia-game', { documentId: doc.id, questionCount })
  created.assertStatus(201)
  return { user, doc, sessionId: created.body().id as string }
}

/** A pro user with a document and a flashcard set of `count` cards made through the API. */
export async function userWithFlashcards(client: any, count = 4) {
  const { user, doc } = await userWithDocument()
  const response = await runTool(client, user, 'flashcards', { scope: { document_ids: [doc.id] }, count })
  response.assertStatus(201)
  return { user, doc, set: response.body() as { id: string; cards: { id: string; front: string; back: string }[] } }
}

type SignedIn = Parameters<ApiRequest['loginAs']>[0]

/** GET /api/study/review/next as `user` (signed out when none is given). */
export function nextCard(client: ApiClient, user?: SignedIn) {
  const request = client.get(urlFor('api.study.review.next'))
  return user ? request.loginAs(user) : request
}

/** POST a rating (the JSON `body`, `{ rating }` in the normal case) for a card as `user`. */
export function rateCard(client: ApiClient, user: SignedIn, cardId: string, body: unknown) {
  return api(client, user).post(urlFor('api.study.review.rate', { cardId }), body)
}

/** GET /api/study/library with the query string `qs`. */
export function libraryUrl(qs: Record<string, unknown> = {}) {
  return urlFor('api.study.library.index', {}, { qs })
}

/** Makes one result of each generation tool over the document, through the API (each 201 asserted). */
export async function generateAll(client: ApiClient, user: SignedIn, documentId: number) {
  const run = async (toolId: string, body: Record<string, unknown>) => {
    const response = await runTool(client, user, toolId, { scope: { document_ids: [documentId] }, ...body })
    response.assertStatus(201)
    return response.body()
  }
  const summary = await run('summary', {})
  const flashcards = await run('flashcards', { count: 3 })
  const guide = await run('study-guide', {})
  const trivia = await run('trivia-game', { questionCount: 2 })
  return { summary, flashcards, guide, trivia }
}

/** A flashcard set row of `userId` (no cards) over the documents, written straight to the database. */
export function flashcardSet(
  userId: number,
  title: string,
  documentIds: (string | number)[] = [],
  extra: Partial<Pick<AiFlashcardSet, 'createdAt'>> = {}
) {
  const scope = { document_ids: documentIds.map(String), course_id: null }
  return AiFlashcardSet.create({ userId, title, scope, provider: 'local', ...extra })
}
