import { iso } from '#transformers/iso'
import type AiSummary from '#models/ai_summary'
import type AiFlashcardSet from '#models/ai_flashcard_set'
import type AiFlashcard from '#models/ai_flashcard'
import type AiStudyGuide from '#models/ai_study_guide'
import type AiStudyGuideSection from '#models/ai_study_guide_section'
import type AiGameSession from '#models/ai_game_session'
import type GeneratedCourse from '#models/generated_course'
import type Document from '#models/document'
import type Course from '#models/course'
import type {
  FlashcardSetJson,
  GameSessionJson,
  GeneratedCourseJson,
  StudyGuideJson,
  SummaryJson,
} from '#shared/api/ai'

/** Child rows (cards, sections) in their stored order, without reordering the caller's array. */
const byPosition = <T extends { position: number }>(rows: T[]) => [...rows].sort((a, b) => a.position - b.position)

export function summaryToJson(summary: AiSummary): SummaryJson {
  return {
    id: String(summary.id),
    scope: summary.scope,
    summary: summary.summary,
    key_points: summary.keyPoints,
    citations: summary.citations,
    created_at: iso(summary.createdAt),
  }
}

export function flashcardSetToJson(set: AiFlashcardSet, cards: AiFlashcard[]): FlashcardSetJson {
  return {
    id: String(set.id),
    title: set.title,
    scope: set.scope,
    cards: byPosition(cards).map((card) => ({
      id: String(card.id),
      front: card.front,
      back: card.back,
      citation: card.citation,
    })),
    created_at: iso(set.createdAt),
  }
}

export function studyGuideToJson(guide: AiStudyGuide, sections: AiStudyGuideSection[]): StudyGuideJson {
  return {
    id: String(guide.id),
    title: guide.title,
    scope: guide.scope,
    sections: byPosition(sections).map((s) => ({
      id: String(s.id),
      heading: s.heading,
      content: s.content,
      order: s.position,
      citations: s.citations,
    })),
    created_at: iso(guide.createdAt),
  }
}

/** A trivia session as the player sees it: never correctIndex nor explanation (docs/rules/ai.md#tools). */
export function gameSessionToJson(session: AiGameSession): GameSessionJson {
  return {
    id: String(session.id),
    scope: session.scope,
    difficulty: session.difficulty,
    focus_topic: session.focusTopic,
    questions: session.questions.map((q, index) => ({ index, question: q.question, options: [...q.options] })),
    created_at: iso(session.createdAt),
  }
}

export function generatedCourseToJson(course: GeneratedCourse): GeneratedCourseJson {
  return {
    id: String(course.id),
    title: course.title,
    description: course.description,
    topic: course.topic,
    level: course.level,
    document_ids: course.documentIds,
    modules: course.modules.map((m) => ({
      title: m.title,
      lessons: m.lessons.map((l) => ({ title: l.title, summary: l.summary })),
    })),
    created_at: iso(course.createdAt),
  }
}

/**
 * The uploaded document (docs/rules/catalog.md#lists document shape plus visibility and ingest_status; issue 25
 * adds `embedding_status` pending|ready|failed and `embedding_progress` 0..1 for dense ranking).
 */
export function uploadedDocumentToJson(document: Document, course: Course | null) {
  return {
    id: String(document.id),
    slug: document.slug,
    title: document.title,
    description: document.description,
    seo_content: document.seoContent,
    topic_tags: document.topicTags,
    access_level: document.accessLevel,
    visibility: document.visibility,
    course: course ? { id: String(course.id), slug: course.slug, title: course.title } : null,
    page_count: document.pageCount,
    file_name: document.fileName,
    mime_type: document.mimeType,
    size_bytes: document.sizeBytes,
    ingest_status: document.ingestStatus,
    embedding_status: document.embeddingStatus ?? 'pending',
    embedding_progress: document.embeddingProgress ?? 0,
    created_at: iso(document.createdAt),
    updated_at: iso(document.updatedAt),
  }
}
