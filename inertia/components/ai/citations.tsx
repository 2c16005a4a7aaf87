import { useState } from 'react'
import { api, errorMessage } from '~/lib/api'
import type { ChunkRefJson } from '#shared/api/ai'
import { urlFor } from '~/client'
import { citationHref, type SourceDocs } from '~/lib/passage_link'
import { DocumentText } from '~/components/catalog/document_text'

type ChunkRef = ChunkRefJson

/**
 * Opens a cited passage (the chunk a result came from) in place, and links to it on its
 * document page when `docs` knows the document's slug (issue 27: back to the source).
 */
export function Citations({
  refs,
  titles,
  docs,
}: {
  refs: ChunkRef[] | undefined
  titles: Record<string, string>
  docs?: SourceDocs
}) {
  const [open, setOpen] = useState<string | null>(null)
  const [text, setText] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  if (!refs || refs.length === 0) return null
  async function toggle(ref: ChunkRef) {
    const key = `${ref.document_id}:${ref.chunk_index}`
    if (open === key) return setOpen(null)
    setOpen(key)
    setError(null)
    if (text[key]) return
    try {
      const passage = await api<{ text: string }>(
        urlFor('api.ai.passages.show', { documentId: ref.document_id, chunkIndex: ref.chunk_index })
      )
      setText((t) => ({ ...t, [key]: passage.text }))
    } catch (e) {
      setError(errorMessage(e))
    }
  }
  return (
    <div className="mt-2 text-xs">
      <span className="text-slate-500">Sources: </span>
      {refs.map((ref) => {
        const key = `${ref.document_id}:${ref.chunk_index}`
        const label = `${titles[ref.document_id] || docs?.[ref.document_id]?.title || `Document ${ref.document_id}`} · passage ${ref.chunk_index + 1}`
        const href = citationHref(ref, docs)
        return (
          <span key={key} className="mr-3 inline-flex flex-wrap items-baseline gap-x-1">
            <button
              type="button"
              onClick={() => toggle(ref)}
              aria-expanded={open === key}
              className="text-indigo-700 underline"
              data-testid="citation"
            >
              {label}
            </button>
            {href ? (
              <a href={href} className="text-indigo-700 underline" data-testid="source-link">
                (open in document<span className="sr-only">: {label}</span>)
              </a>
            ) : null}
          </span>
        )
      })}
      {open ? (
        <blockquote
          className="mt-2 rounded border-l-4 border-indigo-300 bg-slate-50 p-3 text-sm text-slate-700"
          data-testid="passage"
        >
          {error || !text[open] ? error || 'Loading passage…' : <DocumentText text={text[open]} compact />}
        </blockquote>
      ) : null}
    </div>
  )
}
