/*
| The AI Q&A answer (CONTRACT 6 and 14), types only: the tools service returns it and the
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

/** One of the twelve /ai/* landing pages (CONTRACT 6), as the page controller renders it. */
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
