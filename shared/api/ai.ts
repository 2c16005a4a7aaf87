/*
| The AI Q&A answer (docs/rules/ai.md#tools), types only: the tools service returns it and the
| ask-documents page reads it. Nothing here may import server code.
*/
export type ChunkRefJson = { document_id: string; chunk_index: number }

/** A ranked passage behind a found answer. */
export type QaSourceJson = ChunkRefJson & { snippet: string; score: number }

/**
 * `found: false` means the documents in scope do not contain the answer: `answer` says so,
 * `sources` and `citations` are empty and no credit was charged.
 */
export type QaAnswerJson = { answer: string; found: boolean; sources: QaSourceJson[]; citations: ChunkRefJson[] }

export type ToolKind = 'summary' | 'flashcards' | 'qa' | 'study-guide' | 'trivia-game' | 'course'

/** One of the twelve /ai/* landing pages (docs/rules/ai.md#tools), as the page controller renders it. */
export type ToolPage = {
  slug: string
  tool: ToolKind
  name: string
  headline: string
  description: string
  intro: string
  steps: { name: string; text: string }[]
  benefits: string[]
}

/** The scope a result was made from (docs/rules/ai.md#tools). */
export type AiScopeJson = { document_ids: string[]; course_id: string | null }

export type SummaryJson = {
  id: string
  scope: AiScopeJson
  summary: string
  key_points: string[]
  citations: ChunkRefJson[]
  created_at: string | null
}

export type FlashcardSetJson = {
  id: string
  title: string
  scope: AiScopeJson
  cards: { id: string; front: string; back: string; citation: ChunkRefJson | null }[]
  created_at: string | null
}

export type StudyGuideJson = {
  id: string
  title: string
  scope: AiScopeJson
  sections: { id: string; heading: string; content: string; order: number; citations: ChunkRefJson[] }[]
  created_at: string | null
}

/** A trivia session as the player sees it (no answers). */
export type GameSessionJson = {
  id: string
  scope: AiScopeJson
  difficulty: 'easy' | 'medium' | 'hard'
  focus_topic: string | null
  questions: { index: number; question: string; options: string[] }[]
  created_at: string | null
}

/** One answered question of a trivia attempt. */
export type TriviaResultJson = {
  index: number
  selected: number
  correct_index: number
  correct: boolean
  explanation: string
  citation?: ChunkRefJson | null
}

export type TriviaScoreJson = {
  attempt_id: string
  score: number
  total: number
  results: TriviaResultJson[]
}

export type GeneratedCourseJson = {
  id: string
  title: string
  description: string
  topic: string
  level: 'beginner' | 'intermediate' | 'advanced'
  document_ids: string[]
  modules: { title: string; lessons: { title: string; summary: string }[] }[]
  created_at: string | null
}

/** A tool page's allowance (issue 29): hourly generation requests and the cycle's credits left. */
export type AiAllowance = {
  /** null when the limiter store could not be read. */
  hourly: { limit: number; remaining: number; resets_in_seconds: number | null } | null
  credits: { limit: number; used: number; remaining: number; period_end: string | null }
}
