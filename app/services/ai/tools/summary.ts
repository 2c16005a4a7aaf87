import AiSummary from '#models/ai_summary'
import { summaryToJson } from '#transformers/ai_transformer'
import { summaryValidator } from '#validators/ai'
import { resolveScope, type ScopeInput } from '#services/ai/scope_resolver'
import { queryEncoder } from '#services/ai/embeddings/encoders'
import { defineTool } from '#services/ai/tools/tool'

export const summaryTool = defineTool({
  id: 'summary',
  operation: 'summary',
  validator: summaryValidator,
  async prepare(ctx, input: ScopeInput) {
    return { prepared: await resolveScope(ctx.userId, input, { encoderId: queryEncoder()?.id }) }
  },
  async produce(ctx, { passages }) {
    const r = await ctx.engine.summarize(passages)
    if (!r.summary.trim()) ctx.empty('a summary')
    return r
  },
  async persist(ctx, { scope }, r, trx) {
    const row = await AiSummary.create(
      { userId: ctx.userId, scope, summary: r.summary.trim(), keyPoints: r.key_points.map((p) => p.trim()).filter(Boolean), citations: r.citations, provider: ctx.engine.name },
      { client: trx }
    )
    return { data: summaryToJson(row), created: true }
  },
})
