import AiStudyGuide from '#models/ai_study_guide'
import AiStudyGuideSection from '#models/ai_study_guide_section'
import { studyGuideToJson } from '#transformers/ai_transformer'
import { studyGuideValidator } from '#validators/ai'
import { resolveScope, type ScopeInput } from '#services/ai/scope_resolver'
import { queryEncoder } from '#services/ai/embeddings/encoders'
import { defineTool } from '#services/ai/tools/tool'
import { cutAtCharacter } from '#shared/text'

export const studyGuideTool = defineTool({
  id: 'study-guide',
  operation: 'study-guide',
  validator: studyGuideValidator,
  async prepare(ctx, input: ScopeInput) {
    return { prepared: await resolveScope(ctx.userId, input, { encoderId: queryEncoder(ctx.ai)?.id }) }
  },
  async produce(ctx, { passages }) {
    const r = await ctx.engine.studyGuide(passages)
    const sections = r.sections.filter((s) => s.heading.trim() && s.content.trim())
    if (sections.length === 0) ctx.empty('a study guide')
    return { ...r, sections }
  },
  async persist(ctx, { scope }, r, trx) {
    const guide = await AiStudyGuide.create(
      { userId: ctx.userId, title: cutAtCharacter(r.title, 250), scope, provider: ctx.engine.name },
      { client: trx }
    )
    const sections = await AiStudyGuideSection.createMany(
      r.sections.map((s, position) => ({
        guideId: guide.id,
        position,
        heading: cutAtCharacter(s.heading, 250),
        content: s.content,
        citations: s.citations,
      })),
      { client: trx }
    )
    return { data: studyGuideToJson(guide, sections), created: true }
  },
})
