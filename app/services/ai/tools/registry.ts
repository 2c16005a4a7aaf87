import type { AiTool } from '#services/ai/tools/tool'
import { summaryTool } from '#services/ai/tools/summary'
import { flashcardsTool } from '#services/ai/tools/flashcards'
import { qaTool } from '#services/ai/tools/qa'
import { studyGuideTool } from '#services/ai/tools/study_guide'
import { triviaTool } from '#services/ai/tools/trivia'

/** The tools of POST /api/ai/tools/:toolId, by id (the generated course has its own route). */
export const TOOLS: Record<string, AiTool> = Object.fromEntries(
  [summaryTool, flashcardsTool, qaTool, studyGuideTool, triviaTool].map((t) => [t.id, t])
)

export function toolFor(id: string): AiTool | null {
  return Object.hasOwn(TOOLS, id) ? TOOLS[id] : null
}
