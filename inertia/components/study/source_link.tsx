import type { ChunkRefJson } from '#shared/api/ai'
import { citationHref, type SourceDocs } from '~/lib/passage_link'

/** "Source: <document> · passage N", linking to the passage on the document page. */
export function SourceLink({
  source,
  docs,
  className = '',
}: {
  source: ChunkRefJson | null | undefined
  docs: SourceDocs | undefined
  className?: string
}) {
  const href = citationHref(source, docs)
  if (!href || !source) return null
  const title = docs?.[source.document_id]?.title ?? 'the document'
  return (
    <a
      href={href}
      className={`text-xs text-indigo-700 underline hover:text-indigo-900 ${className}`}
      data-testid="source-link"
    >
      Source: {title} · passage {source.chunk_index + 1}
    </a>
  )
}
