import GeneratedCourse from '#models/generated_course'
import { AiScopeEmptyError } from '#exceptions/ai_errors'
import { generatedCourseToJson } from '#transformers/ai_transformer'
import { generatedCourseValidator } from '#validators/ai'
import type { Passage } from '#services/ai/engine'
import { resolveScope } from '#services/ai/scope_resolver'
import { defineTool } from '#services/ai/tools/tool'
import { cutAtCharacter } from '#shared/text'

export type CourseInput = {
  topic: string
  level?: 'beginner' | 'intermediate' | 'advanced'
  document_ids?: (string | number)[]
}

/** POST /api/generated-courses (docs/rules/ai.md#tools): without documents only a hosted model writes one. */
export const courseTool = defineTool({
  id: 'course',
  operation: 'generated-course',
  validator: generatedCourseValidator,
  async prepare(ctx, input: CourseInput) {
    const ids = input.document_ids ?? []
    if (ids.length === 0 && ctx.engine.name === 'local') {
      throw new AiScopeEmptyError(
        'Add at least one document with text to build a course from: without documents only a hosted AI model can write one. Nothing was charged.'
      )
    }
    const { passages, scope } = ids.length
      ? await resolveScope(ctx.userId, { scope: { document_ids: ids } })
      : { passages: [] as Passage[], scope: { document_ids: [] as string[], course_id: null } }
    return { prepared: { passages, scope, topic: input.topic.trim(), level: input.level ?? 'beginner' } }
  },
  async produce(ctx, { passages, topic, level }) {
    const r = await ctx.engine.course(passages, { topic, level })
    const modules = r.modules.filter((m) => m.title.trim() && m.lessons.length > 0)
    if (modules.length === 0) ctx.empty('a course')
    return { ...r, modules }
  },
  async persist(ctx, { scope, topic, level }, r, trx) {
    const course = await GeneratedCourse.create(
      {
        userId: ctx.userId,
        topic,
        level,
        title: cutAtCharacter(r.title, 250),
        description: r.description,
        modules: r.modules,
        documentIds: scope.document_ids,
        provider: ctx.engine.name,
      },
      { client: trx }
    )
    return { data: generatedCourseToJson(course), created: true }
  },
})
