import AiFlashcardSet from '#models/ai_flashcard_set'
import AiFlashcard from '#models/ai_flashcard'
import { flashcardSetToJson } from '#transformers/ai_transformer'
import { flashcardsValidator } from '#validators/ai'
import { resolveScope, type ScopeInput } from '#services/ai/scope_resolver'
import { defineTool } from '#services/ai/tools/tool'
import { cutAtCharacter } from '#shared/text'

export const flashcardsTool = defineTool({
  id: 'flashcards',
  operation: 'flashcards',
  validator: flashcardsValidator,
  async prepare(ctx, input: ScopeInput & { count?: number }) {
    return { prepared: { ...(await resolveScope(ctx.userId, input)), count: input.count ?? 10 } }
  },
  async produce(ctx, { passages, count }) {
    const r = await ctx.engine.flashcards(passages, { count })
    const cards = r.cards.filter((c) => c.front.trim() && c.back.trim()).slice(0, count)
    if (cards.length === 0) ctx.empty('flashcards')
    return { ...r, cards }
  },
  async persist(ctx, { scope }, r, trx) {
    const set = await AiFlashcardSet.create(
      { userId: ctx.userId, title: cutAtCharacter(r.title, 250), scope, provider: ctx.engine.name },
      { client: trx }
    )
    const cards = await AiFlashcard.createMany(
      r.cards.map((c, position) => ({
        setId: set.id,
        position,
        front: c.front.trim(),
        back: c.back.trim(),
        citation: c.citation,
      })),
      { client: trx }
    )
    return { data: flashcardSetToJson(set, cards), created: true }
  },
})
