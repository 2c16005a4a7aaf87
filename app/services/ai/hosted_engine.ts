import { generateText, Output, type LanguageModel } from 'ai'
import { z } from 'zod'
import type { ChunkRef } from '#models/ai_json'
import {
  AiEngineError,
  NOT_FOUND_ANSWER,
  type AiEngine,
  type AnswerResult,
  type CourseResult,
  type TriviaOptions,
  type FlashcardsResult,
  type Passage,
  type StudyGuideResult,
  type SummaryResult,
  type TriviaResult,
} from '#services/ai/engine'

const refList = z.array(z.string()).max(20).optional()

const summarySchema = z.object({
  summary: z.string().min(1),
  key_points: z.array(z.string().min(1)).min(1).max(10),
  citations: refList,
})
const flashcardsSchema = z.object({
  title: z.string().min(1).max(250),
  cards: z
    .array(z.object({ front: z.string().min(1), back: z.string().min(1), citation: z.string().optional() }))
    .min(1)
    .max(50),
})
const answerSchema = z.object({ answer: z.string().min(1), found: z.boolean().optional(), citations: refList })
const studyGuideSchema = z.object({
  title: z.string().min(1).max(250),
  sections: z
    .array(z.object({ heading: z.string().min(1).max(200), content: z.string().min(1), citations: refList }))
    .min(1)
    .max(12),
})
const triviaSchema = z.object({
  questions: z
    .array(
      z.object({
        question: z.string().min(1),
        options: z.array(z.string().min(1)).min(2).max(6),
        correctIndex: z.number().int().min(0),
        explanation: z.string().min(1),
        citation: z.string().optional(),
      })
    )
    .min(1)
    .max(20),
})
const courseSchema = z.object({
  title: z.string().min(1).max(250),
  description: z.string().min(1),
  modules: z
    .array(
      z.object({
        title: z.string().min(1),
        lessons: z.array(z.object({ title: z.string().min(1), summary: z.string().min(1) })).min(1),
      })
    )
    .min(1)
    .max(12),
})

const SYSTEM =
  'You are a study assistant. Use ONLY the source passages given. Each passage starts with a label like [D12:C3] ' +
  '(document 12, chunk 3); cite passages by these labels. Never invent facts that are not in the passages. Answer in JSON matching the schema.'

function label(p: Passage) {
  return `D${p.document_id}:C${p.chunk_index}`
}

function sourceBlock(passages: Passage[]) {
  return passages.map((p) => `[${label(p)}] (${p.document_title})\n${p.text}`).join('\n\n')
}

/**
 * Hosted models through the `ai` SDK (openai, anthropic, openai-compatible). The answer is
 * structured output validated against a zod schema; anything malformed or out of bounds
 * becomes AiEngineError (the service answers 500 with a safe message, persisting nothing).
 */
export class HostedEngine implements AiEngine {
  constructor(
    private model: LanguageModel,
    readonly name: string
  ) {}

  private async object<T>(schema: z.ZodType<T>, name: string, prompt: string): Promise<T> {
    let output: unknown
    try {
      const result = await generateText({
        model: this.model,
        system: SYSTEM,
        prompt,
        output: Output.object({ schema, name }),
        maxRetries: 2,
      })
      output = result.output
    } catch (error) {
      throw new AiEngineError(`model call failed: ${(error as Error)?.name || 'error'}`)
    }
    const parsed = schema.safeParse(output)
    if (!parsed.success) throw new AiEngineError('model answer does not match the schema')
    return parsed.data
  }

  private refs(passages: Passage[], labels: (string | undefined)[] | undefined): ChunkRef[] {
    const known = new Map(passages.map((p) => [label(p), { document_id: p.document_id, chunk_index: p.chunk_index }]))
    const out: ChunkRef[] = []
    for (const l of labels || []) {
      const ref = l ? known.get(l.replace(/[[\]\s]/g, '')) : undefined
      if (ref && !out.some((r) => r.document_id === ref.document_id && r.chunk_index === ref.chunk_index)) out.push(ref)
    }
    return out
  }

  async summarize(passages: Passage[]): Promise<SummaryResult> {
    const r = await this.object(
      summarySchema,
      'summary',
      `Summarise these passages in a short paragraph and list 3-6 key points.\n\n${sourceBlock(passages)}`
    )
    return { summary: r.summary, key_points: r.key_points, citations: this.refs(passages, r.citations) }
  }

  async flashcards(passages: Passage[], { count }: { count: number }): Promise<FlashcardsResult> {
    const r = await this.object(
      flashcardsSchema,
      'flashcards',
      `Write exactly ${count} flashcards: front = a term or question, back = the answer taken from the passages, citation = the passage label.\n\n${sourceBlock(passages)}`
    )
    return {
      title: r.title,
      cards: r.cards
        .slice(0, count)
        .map((c) => ({ front: c.front, back: c.back, citation: this.refs(passages, [c.citation])[0] || null })),
    }
  }

  async answer(passages: Passage[], { query }: { query: string }): Promise<AnswerResult> {
    const r = await this.object(
      answerSchema,
      'answer',
      `Question: ${query}\n\nAnswer in one or two sentences from these passages only, citing their labels. If the passages do not contain the answer, set found to false and say so.\n\n${sourceBlock(passages)}`
    )
    const citations = this.refs(passages, r.citations)
    if (r.found === false) return { answer: NOT_FOUND_ANSWER, found: false, citations: [] }
    return { answer: r.answer, found: true, citations }
  }

  async studyGuide(passages: Passage[]): Promise<StudyGuideResult> {
    const r = await this.object(
      studyGuideSchema,
      'study_guide',
      `Write a study guide with sections (heading, content, citations) covering these passages.\n\n${sourceBlock(passages)}`
    )
    return {
      title: r.title,
      sections: r.sections.map((s) => ({
        heading: s.heading,
        content: s.content,
        citations: this.refs(passages, s.citations),
      })),
    }
  }

  async trivia(passages: Passage[], { count, difficulty, focusTopic, avoid }: TriviaOptions): Promise<TriviaResult> {
    const r = await this.object(
      triviaSchema,
      'trivia',
      `Write ${count} ${difficulty} multiple-choice questions${focusTopic ? ` focused on "${focusTopic}"` : ''}${avoid?.length ? `, different from these earlier questions: ${avoid.slice(0, 20).join(' | ')}` : ''}. Each has 4 distinct options, correctIndex (0-based) of the right one, an explanation quoting the passage, and the citation label.\n\n${sourceBlock(passages)}`
    )
    const questions = r.questions.slice(0, count).map((q) => {
      const distinct = new Set(q.options.map((o) => o.trim().toLowerCase()))
      if (q.correctIndex >= q.options.length || distinct.size !== q.options.length)
        throw new AiEngineError('invalid trivia question')
      return {
        question: q.question,
        options: q.options,
        correctIndex: q.correctIndex,
        explanation: q.explanation,
        citation: this.refs(passages, [q.citation])[0] || null,
      }
    })
    return { questions }
  }

  async course(
    passages: Passage[],
    { topic, level }: { topic: string; level: 'beginner' | 'intermediate' | 'advanced' }
  ): Promise<CourseResult> {
    const sources = passages.length ? `\n\nBase it on these passages:\n\n${sourceBlock(passages)}` : ''
    return this.object(
      courseSchema,
      'course',
      `Design a ${level} course on "${topic}" with modules of lessons (title and one-sentence summary each).${sources}`
    )
  }
}
