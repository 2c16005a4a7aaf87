import type { ChunkRef } from '#models/ai_json'
import type { GeneratedModule } from '#models/generated_course'
import type { Retrieval } from '#services/ai/retrieval'

/** One chunk of source text in scope, in reading order. */
export type Passage = {
  document_id: string
  document_title: string
  chunk_index: number
  text: string
  /** Sentence-encoder vectors [chunk, ...sentences] when the chunk has been embedded (issue 25). */
  vectors: Float32Array[] | null
}

export type SummaryResult = { summary: string; key_points: string[]; citations: ChunkRef[] }
export type FlashcardsResult = { title: string; cards: { front: string; back: string; citation: ChunkRef | null }[] }
/** `found: false`: the passages do not hold the answer (docs/rules/ai.md#tools); `answer` is then ignored. */
export type AnswerResult = { answer: string; found: boolean; citations: ChunkRef[] }
export type StudyGuideResult = {
  title: string
  sections: { heading: string; content: string; citations: ChunkRef[] }[]
}
/** What Q&A answers when the documents do not hold the answer (docs/rules/ai.md#tools). */
export const NOT_FOUND_ANSWER = 'Not found in your documents: none of the passages in scope answers this question.'

export type Difficulty = 'easy' | 'medium' | 'hard'
export type TriviaResult = {
  questions: {
    question: string
    options: string[]
    correctIndex: number
    explanation: string
    citation: ChunkRef | null
  }[]
}
export type TriviaOptions = {
  count: number
  difficulty: Difficulty
  focusTopic: string | null
  seed: number
  avoid?: string[]
}
export type CourseResult = { title: string; description: string; modules: GeneratedModule[] }

/**
 * What every model behind the AI tools can do (docs/rules/ai.md#tools). `local` runs in-process
 * (LocalEngine); hosted providers go through the `ai` SDK with schema-validated structured
 * output (HostedEngine). Implementations throw AiEngineError on an unusable answer; the
 * tools service turns that into a safe 500 and persists nothing.
 */
export interface AiEngine {
  readonly name: string
  summarize(passages: Passage[]): Promise<SummaryResult>
  flashcards(passages: Passage[], options: { count: number }): Promise<FlashcardsResult>
  /**
   * `passages` are already ranked best first by the retrieval step and capped at
   * MAX_TOTAL_CHARACTERS; `retrieval` is that step's ranking of the whole scope.
   */
  answer(passages: Passage[], options: { query: string; retrieval?: Retrieval }): Promise<AnswerResult>
  studyGuide(passages: Passage[]): Promise<StudyGuideResult>
  /** `avoid`: questions of earlier games on the same scope, not asked again while others remain. */
  trivia(passages: Passage[], options: TriviaOptions): Promise<TriviaResult>
  course(
    passages: Passage[],
    options: { topic: string; level: 'beginner' | 'intermediate' | 'advanced' }
  ): Promise<CourseResult>
}

/** The model answered, but not with something we can use (malformed / invalid / empty). */
export class AiEngineError extends Error {}
