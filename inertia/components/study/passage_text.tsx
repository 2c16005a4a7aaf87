import { useEffect, useRef } from 'react'
import { DocumentText } from '~/components/catalog/document_text'
import type { PassageFocusJson } from '#shared/api/study'

/**
 * The full text of a document with one cited passage marked (docs/rules/study.md#review): the passage is the
 * element `id="passage-<chunk_index>"` (a labelled region, highlighted), and the page scrolls to
 * it and moves focus there on arrival.
 */
export function PassageText({ text, passage }: { text: string; passage: PassageFocusJson & { state: 'shown' } }) {
  const target = useRef<HTMLDivElement | null>(null)
  useEffect(() => {
    target.current?.scrollIntoView({ block: 'start' })
    target.current?.focus({ preventScroll: true })
  }, [passage.chunk_index])
  const before = text.slice(0, passage.start)
  const marked = text.slice(passage.start, passage.end)
  const after = text.slice(passage.end)
  return (
    <>
      {before.trim() ? <DocumentText text={before} /> : null}
      <div
        ref={target}
        id={`passage-${passage.chunk_index}`}
        tabIndex={-1}
        role="region"
        aria-label={`Cited passage ${passage.chunk_index + 1}`}
        className="mb-4 scroll-mt-24 rounded-md border-l-4 border-amber-400 bg-amber-50 px-3 pt-3 outline-none focus-visible:ring-2 focus-visible:ring-amber-500"
        data-testid="passage-highlight"
      >
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-amber-900">Cited passage</p>
        <DocumentText text={marked} />
      </div>
      {after.trim() ? <DocumentText text={after} /> : null}
    </>
  )
}

/** Why a cited passage is not marked: outside what this reader may see, or gone. */
export function PassageNotice({ passage }: { passage: PassageFocusJson }) {
  if (passage.state === 'shown') return null
  const message =
    passage.state === 'preview'
      ? 'The cited passage starts with the preview below; the rest of it is in the full document.'
      : passage.state === 'hidden'
        ? 'The cited passage is outside the part of this document you can read.'
        : 'This document no longer has the cited passage.'
  return (
    <p
      role="status"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="passage-notice"
      data-state={passage.state}
    >
      {message}
    </p>
  )
}
