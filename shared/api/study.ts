/*
| The study library (issue 27, docs/rules/study.md#review "Study loop"), types only: the library service
| returns them and the /study pages read them. Nothing here may import server code.
*/
import type {
  ChunkRefJson,
  FlashcardSetJson,
  GameSessionJson,
  GeneratedCourseJson,
  StudyGuideJson,
  SummaryJson,
  TriviaResultJson,
} from '#shared/api/ai'

export const LIBRARY_KINDS = ['summary', 'flashcards', 'study_guide', 'trivia', 'course'] as const
export type LibraryKind = (typeof LIBRARY_KINDS)[number]

/** One row of `GET /api/study/library` (exactly the contract's keys). */
export type LibraryItemJson = {
  kind: LibraryKind
  id: string
  title: string
  document_ids: string[]
  created_at: string | null
}

/** The same row as the /study page shows it: where it came from, its size, a trivia score. */
export type LibraryEntryJson = LibraryItemJson & {
  course_id: string | null
  /** "12 cards", "4 sections", "5 questions", "3 modules": what the item holds. */
  detail: string | null
  /** The latest attempt of a trivia game; null when never played (and for other kinds). */
  score: { score: number; total: number } | null
  /** The heading the page groups it under: the course, else the first document. */
  group: { key: string; title: string; href: string | null }
}

export type PaginatedMeta = { total: number; page: number; limit: number; last_page: number }

/** A document a result was made from, as its passage links need it (slug null: no longer readable). */
export type SourceDocumentJson = { id: string; title: string; slug: string | null }

/** A trivia attempt as the owner sees it again, each result with its cited passage. */
export type TriviaAttemptJson = {
  attempt_id: string
  score: number
  total: number
  created_at: string | null
  results: (TriviaResultJson & { citation: ChunkRefJson | null })[]
}

/** The stored result behind one library entry, for /study/:kind/:id. */
export type LibraryResultJson =
  | { kind: 'summary'; value: SummaryJson & { key_point_citations: (ChunkRefJson | null)[] } }
  | { kind: 'flashcards'; value: FlashcardSetJson }
  | { kind: 'study_guide'; value: StudyGuideJson }
  | { kind: 'trivia'; value: GameSessionJson; attempt: TriviaAttemptJson | null }
  | { kind: 'course'; value: GeneratedCourseJson }

/** Where a cited passage sits on the document page (see app/services/study/library/passage_focus.ts). */
export type PassageFocusJson =
  | { chunk_index: number; state: 'shown'; start: number; end: number }
  | { chunk_index: number; state: 'preview' | 'hidden' | 'missing' }
