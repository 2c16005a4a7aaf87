import db from '@adonisjs/lucid/services/db'
import Document from '#models/document'
import Course from '#models/course'
import { AiResourceNotFoundError } from '#exceptions/ai_errors'
import { canReadInFull } from '#services/ai/scope_resolver'
import { DETAIL, loadEntries, type RawEntry } from '#services/study/library/library_entries'
import { searchable } from '#services/infra/searchable_text'
import {
  LIBRARY_KINDS,
  type LibraryEntryJson,
  type LibraryKind,
  type PaginatedMeta,
  type SourceDocumentJson,
} from '#shared/api/study'

export type LibraryQuery = { kind?: LibraryKind; q?: string; page?: number; limit?: number }

export const LIBRARY_DEFAULT_LIMIT = 20

/** What each kind's result is called when it has no stored title. */
const NOUN: Record<LibraryKind, string> = {
  summary: 'Summary',
  flashcards: 'Flashcards',
  study_guide: 'Study guide',
  trivia: 'Trivia game',
  course: 'Course',
}

type DocInfo = { id: number; title: string; slug: string; readable: boolean }

/** Every word of `q` must appear (case-insensitive, either Unicode form) in the title or a source's title. */
export function matchesQuery(haystack: string, q: string) {
  const words = searchable(q).split(/\s+/).filter(Boolean)
  const text = searchable(haystack)
  return words.every((word) => text.includes(word))
}

/**
 * The student's study library (issue 27 item 1): every summary, flashcard set, study guide,
 * trivia game and generated course they made, newest first, searchable and paginated, each
 * named after its sources and grouped by course or document. Only the caller's rows are ever
 * read; another user's id is simply "not found".
 */
export class StudyLibraryService {
  /** Titles and slugs of the documents and courses the entries came from. */
  private async sources(userId: number, entries: RawEntry[]) {
    const docIds = [
      ...new Set(entries.flatMap((e) => e.documentIds.map(Number)).filter((n) => Number.isInteger(n) && n > 0)),
    ]
    const courseIds = [...new Set(entries.map((e) => Number(e.courseId)).filter((n) => Number.isInteger(n) && n > 0))]
    const docs = new Map<string, DocInfo>()
    for (let i = 0; i < docIds.length; i += 500) {
      const rows = await Document.query()
        .select('id', 'title', 'slug', 'owner_id', 'visibility', 'access_level')
        .whereIn('id', docIds.slice(i, i + 500))
      for (const d of rows)
        docs.set(String(d.id), { id: d.id, title: d.title, slug: d.slug, readable: canReadInFull(userId, d) })
    }
    const courses = new Map<string, { title: string; slug: string }>()
    if (courseIds.length) {
      const rows = await Course.query().select('id', 'title', 'slug').whereIn('id', courseIds.slice(0, 1000))
      for (const c of rows) courses.set(String(c.id), { title: c.title, slug: c.slug })
    }
    return { docs, courses }
  }

  private present(
    entry: RawEntry,
    docs: Map<string, DocInfo>,
    courses: Map<string, { title: string; slug: string }>
  ): LibraryEntryJson {
    const titles = entry.documentIds.map((id) => docs.get(id)?.title).filter((t): t is string => Boolean(t))
    const course = entry.courseId ? courses.get(entry.courseId) : undefined
    const from =
      course?.title ??
      (titles.length > 2 ? `${titles.slice(0, 2).join(', ')} and ${titles.length - 2} more` : titles.join(', '))
    const named =
      entry.kind === 'trivia' && entry.focusTopic
        ? `${NOUN.trivia}: ${entry.focusTopic}`
        : from
          ? `${NOUN[entry.kind]}: ${from}`
          : NOUN[entry.kind]
    const firstDoc = entry.documentIds.map((id) => docs.get(id)).find(Boolean)
    const group = course
      ? { key: `course:${entry.courseId}`, title: course.title, href: `/courses/${course.slug}` }
      : firstDoc
        ? {
            key: `document:${firstDoc.id}`,
            title: firstDoc.title,
            href: firstDoc.readable ? `/documents/${firstDoc.slug}` : null,
          }
        : {
            key: 'other',
            title: entry.kind === 'course' ? 'Courses from a topic' : 'Sources no longer available',
            href: null,
          }
    return {
      kind: entry.kind,
      id: String(entry.id),
      title: entry.title ?? named,
      document_ids: entry.documentIds,
      created_at: entry.createdAt.toUTC().toISO({ suppressMilliseconds: false }),
      course_id: entry.courseId,
      detail: DETAIL[entry.kind](entry),
      score: entry.score,
      group,
    }
  }

  /** One page of the library. A page past the last is an empty page, not an error. */
  async list(userId: number, query: LibraryQuery): Promise<{ data: LibraryEntryJson[]; meta: PaginatedMeta }> {
    const limit = query.limit ?? LIBRARY_DEFAULT_LIMIT
    const page = query.page ?? 1
    const raw = await loadEntries(userId, query.kind ? [query.kind] : [...LIBRARY_KINDS])
    const { docs, courses } = await this.sources(userId, raw)
    let entries = raw.map((entry) => this.present(entry, docs, courses))
    const q = query.q?.trim()
    if (q) {
      entries = entries.filter((e) => {
        const sourceTitles = e.document_ids.map((id) => docs.get(id)?.title ?? '').join(' ')
        return matchesQuery(`${e.title} ${sourceTitles} ${e.group.title}`, q)
      })
    }
    const total = entries.length
    return {
      data: entries.slice((page - 1) * limit, page * limit),
      meta: { total, page, limit, last_page: Math.max(1, Math.ceil(total / limit)) },
    }
  }

  /** What the caller generated from one document (its page lists them), newest first. */
  async fromDocument(userId: number, documentId: number, limit = 20): Promise<LibraryEntryJson[]> {
    const id = String(documentId)
    const raw = (await loadEntries(userId, [...LIBRARY_KINDS], documentId))
      .filter((e) => e.documentIds.includes(id))
      .slice(0, limit)
    const { docs, courses } = await this.sources(userId, raw)
    return raw.map((entry) => this.present(entry, docs, courses))
  }

  /** The documents a result cites, for its passage links (slug only while the caller may read it). */
  async sourceDocuments(userId: number, documentIds: string[]): Promise<SourceDocumentJson[]> {
    const fake = { documentIds } as RawEntry
    const { docs } = await this.sources(userId, [fake])
    return documentIds.flatMap((id) => {
      const d = docs.get(id)
      return d ? [{ id, title: d.title, slug: d.readable ? d.slug : null }] : []
    })
  }

  /**
   * Deletes one of the caller's results with what hangs off it (cards, sections, attempts) in
   * one transaction. Missing or someone else's → 404, and nothing is touched.
   */
  async destroy(userId: number, kind: LibraryKind, id: number) {
    const spec = {
      summary: { table: 'ai_summaries', children: [] as [string, string][] },
      flashcards: { table: 'ai_flashcard_sets', children: [['ai_flashcards', 'set_id']] as [string, string][] },
      study_guide: {
        table: 'ai_study_guides',
        children: [['ai_study_guide_sections', 'guide_id']] as [string, string][],
      },
      trivia: { table: 'ai_game_sessions', children: [['ai_game_attempts', 'session_id']] as [string, string][] },
      course: { table: 'generated_courses', children: [] as [string, string][] },
    }[kind]
    await db.transaction(async (trx) => {
      const row = await trx.from(spec.table).select('id').where('id', id).where('user_id', userId).first()
      if (!row) throw new AiResourceNotFoundError(NOUN[kind])
      for (const [table, column] of spec.children) await trx.from(table).where(column, id).delete()
      await trx.from(spec.table).where('id', id).where('user_id', userId).delete()
    })
  }
}
