import AiSummary from '#models/ai_summary'
import { summaryToJson } from '#transformers/ai_transformer'
import { summaryValidator } from '#validators/ai'
import { resolveScope, type ScopeInput } from '#services/ai/scope_resolver'
import { queryEncoder } from '#services/ai/embeddings/encoders'
import { defineTool } from '#services/ai/tools/tool'
import { locatePoints } from '#services/study/library/point_sources'

export const summaryTool = defineTool({
  id: 'summary',
  operation: 'summary',
  validator: summaryValidator,
  async prepare(ctx, input: ScopeInput) {
    return { prepared: await resolveScope(ctx.userId, input, { encoderId: queryEncoder(ctx.ai)?.id }) }
  },
  async produce(ctx, { passages }) {
    const r = await ctx.engine.summarize(passages)
    if (!r.summary.trim()) ctx.empty('a summary')
    const keyPoints = r.key_points.map((p) => p.trim()).filter(Boolean)
    // Each key point links back to its passage (issue 27 item 3).
    return { ...r, key_points: keyPoints, key_point_citations: locatePoints(keyPoints, passages) }
  },
  async persist(ctx, { scope }, r, trx) {
    const row = await AiSummary.create(
      {
        userId: ctx.userId,
        scope,
        summary: r.summary.trim(),
        keyPoints: r.key_points,
        citations: r.citations,
        provider: ctx.engine.name,
      },
      { client: trx }
    )
    return { data: { ...summaryToJson(row), key_point_citations: r.key_point_citations }, created: true }
  },
})
