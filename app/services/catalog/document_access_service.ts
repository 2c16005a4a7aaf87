import db from '@adonisjs/lucid/services/db'
import { activePaidPlan, hasPurchasedDocument } from '#services/billing/entitlements'
import type { AccessLevel } from '#models/document'
import type { DocumentAccess } from '#shared/api/catalog'

/** The smallest view of a document the access rule needs. */
export type AccessDocument = { id: number; ownerId: number | null; accessLevel: AccessLevel }
export type AccessUser = { id: number } | null | undefined

/**
 * What the caller may see of a document (docs/rules/documents.md#access-states):
 * - `full`: the whole text; `preview`: the first chunk cut at a sentence; `none`: metadata only.
 * - `reason` says why (for the call to action on the page): `free`, `owner`, `purchased`, `plan`
 *   (active pro/plus), `preview` (paid or premium without the right), `locked`.
 */
export type { DocumentAccess }

const FULL = (reason: DocumentAccess['reason']): DocumentAccess => ({ can_read_full: true, mode: 'full', reason })

/**
 * The one place of the document access rule. free → full for everyone; paid → preview, full
 * for buyers and active pro/plus; premium → preview, full for active pro/plus; locked →
 * metadata only, full for the owner; the owner always reads the full text.
 */
export async function accessFor(document: AccessDocument, user: AccessUser): Promise<DocumentAccess> {
  if (user && document.ownerId !== null && document.ownerId === user.id) return FULL('owner')
  switch (document.accessLevel) {
    case 'free':
      return FULL('free')
    case 'paid': {
      if (user) {
        if (await hasPurchasedDocument(user.id, document.id)) return FULL('purchased')
        if (await activePaidPlan(user.id)) return FULL('plan')
      }
      return { can_read_full: false, mode: 'preview', reason: 'preview' }
    }
    case 'premium': {
      if (user && (await activePaidPlan(user.id))) return FULL('plan')
      return { can_read_full: false, mode: 'preview', reason: 'preview' }
    }
    case 'locked':
    default:
      return { can_read_full: false, mode: 'none', reason: 'locked' }
  }
}

/** The document's full text: its chunks in order, joined by blank lines. */
export function fullText(chunks: { chunkIndex: number; content: string }[]): string {
  return [...chunks]
    .sort((a, b) => a.chunkIndex - b.chunkIndex)
    .map((chunk) => chunk.content.trim())
    .filter(Boolean)
    .join('\n\n')
}

const PREVIEW_BUDGET = 600

/**
 * The preview: the first chunk cut at a sentence end, at most about PREVIEW_BUDGET characters,
 * and never the whole text when the text has more than one sentence (a preview must not leak
 * a short document in full).
 */
export function previewText(chunks: { chunkIndex: number; content: string }[]): string {
  const ordered = [...chunks].sort((a, b) => a.chunkIndex - b.chunkIndex)
  const first = (ordered[0]?.content || '').trim()
  if (!first) return ''
  const sentences = first.match(/[^.!?]+(?:[.!?]+["')\]]*|$)\s*/g)?.map((s) => s) ?? [first]
  const whole = fullText(ordered)
  let preview = ''
  let count = 0
  for (const sentence of sentences) {
    if (count > 0 && (preview + sentence).trim().length > PREVIEW_BUDGET) break
    preview += sentence
    count++
  }
  preview = preview.trim()
  if (preview === whole && count > 1) {
    preview = sentences
      .slice(0, count - 1)
      .join('')
      .trim()
  }
  if (preview.length > PREVIEW_BUDGET * 2) {
    // One enormous sentence: cut at a word boundary.
    const cut = preview.slice(0, PREVIEW_BUDGET)
    preview = `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim()}…`
  }
  return preview
}

/**
 * The readable part of a document for this caller: `{ can_read_full, text }` or
 * `{ can_read_full, preview }`, or only `{ can_read_full: false }` for locked documents.
 */
export async function readableContent(
  document: AccessDocument,
  user: AccessUser
): Promise<{ access: DocumentAccess; text?: string; preview?: string }> {
  const access = await accessFor(document, user)
  if (access.mode === 'none') return { access }
  // Only the text: a chunk row also carries its vector blob, which a page never needs.
  const query = db
    .from('document_chunks')
    .select('chunk_index', 'content')
    .where('document_id', document.id)
    .orderBy('chunk_index', 'asc')
  if (access.mode === 'preview') query.limit(1)
  const chunks = (await query).map((row: any) => ({
    chunkIndex: Number(row.chunk_index),
    content: String(row.content ?? ''),
  }))
  if (access.mode === 'full') return { access, text: fullText(chunks) }
  return { access, preview: previewText(chunks) }
}
