import AiGameSession from '#models/ai_game_session'
import type { AiScope } from '#models/ai_json'
import { gameSessionToJson } from '#transformers/ai_transformer'
import { triviaValidator } from '#validators/ai'
import type { Difficulty } from '#services/ai/engine'
import { resolveScope, type ScopeInput } from '#services/ai/scope_resolver'
import { defineTool } from '#services/ai/tools/tool'

/** Questions of the caller's recent games on exactly this scope (a new game asks others). */
async function earlierQuestions(userId: number, scope: AiScope): Promise<string[]> {
  const same = (a: AiScope) =>
    a.course_id === scope.course_id &&
    a.document_ids.length === scope.document_ids.length &&
    a.document_ids.every((id) => scope.document_ids.includes(id))
  const pattern = scope.document_ids.length ? `%"${scope.document_ids[0]}"%` : '%'
  const sessions = await AiGameSession.query()
    .where('user_id', userId)
    .whereLike('scope', pattern)
    .orderBy('id', 'desc')
    .limit(50)
  return sessions.filter((s) => same(s.scope)).flatMap((s) => s.questions.map((q) => q.question))
}

export const triviaTool = defineTool({
  id: 'trivia-game',
  operation: 'trivia-game',
  validator: triviaValidator,
  async prepare(
    ctx,
    input: ScopeInput & { questionCount?: number; difficulty?: Difficulty; focusTopic?: string | null }
  ) {
    const { scope, passages } = await resolveScope(ctx.userId, input)
    return {
      prepared: {
        scope,
        passages,
        count: input.questionCount ?? 5,
        difficulty: input.difficulty ?? 'medium',
        focusTopic: input.focusTopic?.trim() || null,
      },
    }
  },
  async produce(ctx, { scope, passages, count, difficulty, focusTopic }) {
    const avoid = await earlierQuestions(ctx.userId, scope)
    const r = await ctx.engine.trivia(passages, {
      count,
      difficulty,
      focusTopic,
      seed: Math.floor(Math.random() * 2 ** 31),
      avoid,
    })
    const questions = r.questions
      .filter((q) => q.options.length >= 2 && q.correctIndex >= 0 && q.correctIndex < q.options.length)
      .slice(0, count)
    if (questions.length === 0) ctx.empty('a trivia game')
    return { questions }
  },
  async persist(ctx, { scope, difficulty, focusTopic }, r, trx) {
    const session = await AiGameSession.create(
      { userId: ctx.userId, scope, difficulty, focusTopic, questions: r.questions, provider: ctx.engine.name },
      { client: trx }
    )
    return { data: gameSessionToJson(session), created: true }
  },
})
