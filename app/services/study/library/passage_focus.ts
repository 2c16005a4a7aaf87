import db from '@adonisjs/lucid/services/db'
import type { DocumentAccess } from '#shared/api/catalog'
import type { PassageFocusJson } from '#shared/api/study'

/**
 * Where a cited passage sits on the document page (`/documents/:slug?passage=N`, docs/rules/study.md#review):
 * - `shown`: the reader sees the full text; `start`/`end` bound the passage in it;
 * - `preview`: the reader sees only the preview, which is the start of passage 0;
 * - `hidden`: the passage is outside what the reader may see (nothing of it is sent);
 * - `missing`: the reader sees the full text and the document has no such passage.
 */
export type PassageFocus = PassageFocusJson

/**
 * The range of each chunk in the full text, built exactly as `fullText` joins them (trimmed,
 * empty ones dropped, separated by a blank line), so `text.slice(start, end)` is the chunk.
 */
export function chunkRanges(chunks: { chunkIndex: number; content: string }[]) {
  const ranges = new Map<number, { start: number; end: number }>()
  let offset = 0
  let first = true
  for (const chunk of [...chunks].sort((a, b) => a.chunkIndex - b.chunkIndex)) {
    const text = chunk.content.trim()
    if (!text) continue
    if (!first) offset += 2
    ranges.set(chunk.chunkIndex, { start: offset, end: offset + text.length })
    offset += text.length
    first = false
  }
  return ranges
}

/** A `?passage=` value: a chunk index, or null for anything else (the page then opens normally). */
export function parsePassage(value: unknown): number | null {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null
}

/**
 * The passage's place for this reader, keeping the document's access rule
 * (docs/rules/documents.md#access-states).
 */
export async function passageFocus(
  documentId: number,
  access: DocumentAccess,
  chunkIndex: number
): Promise<PassageFocus> {
  if (access.mode === 'preview') return { chunk_index: chunkIndex, state: chunkIndex === 0 ? 'preview' : 'hidden' }
  if (access.mode !== 'full') return { chunk_index: chunkIndex, state: 'hidden' }
  const rows = await db
    .from('document_chunks')
    .select('chunk_index', 'content')
    .where('document_id', documentId)
    .orderBy('chunk_index', 'asc')
  const range = chunkRanges(
    rows.map((row: any) => ({ chunkIndex: Number(row.chunk_index), content: String(row.content ?? '') }))
  ).get(chunkIndex)
  return range ? { chunk_index: chunkIndex, state: 'shown', ...range } : { chunk_index: chunkIndex, state: 'missing' }
}
