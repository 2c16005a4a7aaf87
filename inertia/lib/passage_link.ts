import { urlFor } from '~/client'
import type { ChunkRefJson } from '#shared/api/ai'

/**
 * The one way to link to a cited passage (docs/rules/hardening.md#bad-input):
 * `/documents/:slug?passage=<chunk_index>`. The document page scrolls to it and marks it, within what the
 * reader may see. Used by the tool pages, the study library and the review page.
 */
export function passageHref(slug: string, chunkIndex: number): string {
  return urlFor('pages.documents.show', { slug }, { qs: { passage: chunkIndex } })
}

/** Where a result's documents are: id → title and slug (slug null: no longer readable). */
export type SourceDocs = Record<string, { title: string; slug: string | null }>

export function sourceDocs(documents: { id: string; title: string; slug?: string | null }[]): SourceDocs {
  return Object.fromEntries(documents.map((d) => [d.id, { title: d.title, slug: d.slug ?? null }]))
}

/** The link of a citation, or null when its document is unknown or no longer readable. */
export function citationHref(ref: ChunkRefJson | null | undefined, docs: SourceDocs | undefined): string | null {
  if (!ref || !docs) return null
  const slug = docs[ref.document_id]?.slug
  return slug ? passageHref(slug, ref.chunk_index) : null
}
