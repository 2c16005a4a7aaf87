import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import AiSummary from '#models/ai_summary'
import AiFlashcardSet from '#models/ai_flashcard_set'
import AiStudyGuide from '#models/ai_study_guide'
import AiGameSession from '#models/ai_game_session'
import GeneratedCourse from '#models/generated_course'
import type { LibraryKind } from '#shared/api/study'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { AiScope } from '#models/ai_json'

/** One stored result, read lightly (no cards, sections or bodies): what the library lists. */
export type RawEntry = {
  kind: LibraryKind
  id: number
  /** The stored title; null for summaries and trivia games, which are named after their sources. */
  title: string | null
  documentIds: string[]
  courseId: string | null
  createdAt: DateTime
  count: number
  focusTopic: string | null
  score: { score: number; total: number } | null
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

export const DETAIL: Record<LibraryKind, (entry: RawEntry) => string | null> = {
  summary: () => null,
  flashcards: (e) => plural(e.count, 'card'),
  study_guide: (e) => plural(e.count, 'section'),
  trivia: (e) => plural(e.count, 'question'),
  course: (e) => plural(e.count, 'module'),
}

/** Child counts per parent id, in one grouped query. */
async function countsBy(table: string, column: string, ids: number[]) {
  const counts = new Map<number, number>()
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .from(table)
      .select(column)
      .count('* as total')
      .whereIn(column, ids.slice(i, i + 500))
      .groupBy(column)
    for (const row of rows) counts.set(Number(row[column]), Number(row.total))
  }
  return counts
}

/** The latest attempt of each of the user's trivia games. */
async function latestScores(userId: number) {
  const rows = await db
    .from('ai_game_attempts')
    .select('session_id', 'score', 'total')
    .where('user_id', userId)
    .orderBy('id', 'desc')
  const scores = new Map<number, { score: number; total: number }>()
  for (const row of rows) {
    const id = Number(row.session_id)
    if (!scores.has(id)) scores.set(id, { score: Number(row.score), total: Number(row.total) })
  }
  return scores
}

const base = { courseId: null, count: 0, focusTopic: null, score: null }

/**
 * The user's rows of a result model, only the `columns` listed; with `documentId`, those whose JSON
 * `sourceColumn` names it (ids are stored quoted, so a LIKE narrows them).
 */
function ownRows<Model extends LucidModel>(
  model: Model,
  columns: string[],
  userId: number,
  documentId?: number,
  sourceColumn = 'scope'
) {
  return model
    .query()
    .select(...columns)
    .where('user_id', userId)
    .if(documentId !== undefined, (q) => q.whereLike(sourceColumn, `%"${documentId}"%`))
}

/** The fields of an entry made from a scope of documents (summaries, sets, guides, trivia games). */
function scopedEntry(
  kind: LibraryKind,
  row: { id: number; scope: AiScope; createdAt: DateTime },
  title: string | null
): RawEntry {
  return {
    ...base,
    kind,
    id: row.id,
    title,
    documentIds: row.scope.document_ids,
    courseId: row.scope.course_id,
    createdAt: row.createdAt,
  }
}

/** Flashcard sets and study guides: a stored title, counted by their cards or sections. */
const TITLED_SETS = {
  flashcards: { model: AiFlashcardSet, children: 'ai_flashcards', parent: 'set_id' },
  study_guide: { model: AiStudyGuide, children: 'ai_study_guide_sections', parent: 'guide_id' },
}

async function titledSets(kind: keyof typeof TITLED_SETS, userId: number, documentId?: number): Promise<RawEntry[]> {
  const { model, children, parent } = TITLED_SETS[kind]
  const rows = await ownRows(model, ['id', 'title', 'scope', 'created_at'], userId, documentId)
  const counts = await countsBy(
    children,
    parent,
    rows.map((r) => r.id)
  )
  return rows.map((r) => ({ ...scopedEntry(kind, r, r.title), count: counts.get(r.id) ?? 0 }))
}

/**
 * Every stored result of these kinds for the user, newest first (ties: the higher id first).
 * With `documentId`, only those made from that document: ids are stored quoted (`"12"`), so a
 * LIKE narrows the rows in SQL and the caller confirms against `documentIds`.
 */
export async function loadEntries(userId: number, kinds: LibraryKind[], documentId?: number): Promise<RawEntry[]> {
  const entries: RawEntry[] = []
  if (kinds.includes('summary')) {
    const rows = await ownRows(AiSummary, ['id', 'scope', 'created_at'], userId, documentId)
    for (const r of rows) entries.push(scopedEntry('summary', r, null))
  }
  for (const kind of ['flashcards', 'study_guide'] as const) {
    if (kinds.includes(kind)) entries.push(...(await titledSets(kind, userId, documentId)))
  }
  if (kinds.includes('trivia')) {
    const rows = await ownRows(
      AiGameSession,
      ['id', 'scope', 'focus_topic', 'questions', 'created_at'],
      userId,
      documentId
    )
    const scores = await latestScores(userId)
    for (const r of rows) {
      entries.push({
        ...scopedEntry('trivia', r, null),
        count: r.questions.length,
        focusTopic: r.focusTopic,
        score: scores.get(r.id) ?? null,
      })
    }
  }
  if (kinds.includes('course')) {
    const rows = await ownRows(
      GeneratedCourse,
      ['id', 'title', 'document_ids', 'modules', 'created_at'],
      userId,
      documentId,
      'document_ids'
    )
    for (const r of rows)
      entries.push({
        ...base,
        kind: 'course',
        id: r.id,
        title: r.title,
        documentIds: r.documentIds,
        createdAt: r.createdAt,
        count: r.modules.length,
      })
  }
  const order = (kind: LibraryKind) => ['summary', 'flashcards', 'study_guide', 'trivia', 'course'].indexOf(kind)
  return entries.sort(
    (a, b) => b.createdAt.toMillis() - a.createdAt.toMillis() || b.id - a.id || order(a.kind) - order(b.kind)
  )
}
