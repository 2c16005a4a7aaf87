import db from '@adonisjs/lucid/services/db'
import type { ChunkRef } from '#models/ai_json'
import { words } from '#services/ai/nlp'

export type PassageText = { document_id: string; chunk_index: number; text: string }

const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()

/**
 * The passage each summary key point came from (issue 27 item 3). A summary stores the
 * passages it cites as one list; a point is matched to the cited passage that contains it
 * word for word, else to the one sharing most of its words (at least half), else to none.
 */
export function locatePoints(points: string[], passages: PassageText[]): (ChunkRef | null)[] {
  const prepared = passages.map((p) => ({
    ref: { document_id: p.document_id, chunk_index: p.chunk_index },
    text: squash(p.text),
    words: new Set(words(p.text)),
  }))
  return points.map((point) => {
    const needle = squash(point)
    const exact = needle ? prepared.find((p) => p.text.includes(needle)) : undefined
    if (exact) return exact.ref
    const pointWords = [...new Set(words(point))]
    if (!pointWords.length) return null
    let best: { ref: ChunkRef; share: number } | null = null
    for (const p of prepared) {
      const share = pointWords.filter((w) => p.words.has(w)).length / pointWords.length
      if (share >= 0.5 && (!best || share > best.share)) best = { ref: p.ref, share }
    }
    return best?.ref ?? null
  })
}

/** The text of cited passages, read from the stored chunks (a deleted document has none). */
export async function citedPassages(refs: ChunkRef[]): Promise<PassageText[]> {
  const byDocument = new Map<number, number[]>()
  for (const ref of refs.slice(0, 200)) {
    const id = Number(ref.document_id)
    if (!Number.isInteger(id) || id <= 0) continue
    byDocument.set(id, [...(byDocument.get(id) ?? []), ref.chunk_index])
  }
  const passages: PassageText[] = []
  for (const [documentId, indexes] of byDocument) {
    const rows = await db
      .from('document_chunks')
      .select('chunk_index', 'content')
      .where('document_id', documentId)
      .whereIn('chunk_index', indexes)
    for (const row of rows)
      passages.push({
        document_id: String(documentId),
        chunk_index: Number(row.chunk_index),
        text: String(row.content ?? ''),
      })
  }
  return passages
}
