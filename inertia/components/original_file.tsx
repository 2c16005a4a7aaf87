import { useEffect, useState, type ReactNode } from 'react'
import { Button } from '~/components/button'
import { ErrorState, LoadingState } from '~/components/states'
import type { OriginalFile } from '#shared/api/catalog'
import { urlFor } from '~/client'

/** Types a browser shows by itself; the others (DOCX) are offered as a download only. */
function viewableType(mime: string) {
  if (mime === 'application/pdf') return 'application/pdf'
  if (mime.startsWith('text/')) return 'text/plain;charset=utf-8'
  return null
}

/**
 * Download and view the owner's original upload. The download route answers "attachment", so the
 * viewer reads the bytes with fetch and shows them from a blob: address (PDF in the browser's
 * own viewer) instead of needing a second, inline route.
 */
export function OriginalFileActions({
  documentId,
  file,
  children,
}: {
  documentId: string
  file: OriginalFile
  children?: ReactNode
}) {
  const href = urlFor('api.my.documents.file', { id: documentId })
  const viewAs = viewableType(file.mime_type)
  const [view, setView] = useState<
    { state: 'closed' } | { state: 'loading' } | { state: 'open'; url: string } | { state: 'error' }
  >({ state: 'closed' })

  useEffect(
    () => () => {
      if (view.state === 'open') URL.revokeObjectURL(view.url)
    },
    [view]
  )

  async function open() {
    setView({ state: 'loading' })
    try {
      const response = await fetch(href, { credentials: 'same-origin' })
      if (!response.ok) throw new Error(String(response.status))
      const bytes = await response.arrayBuffer()
      setView({ state: 'open', url: URL.createObjectURL(new Blob([bytes], { type: viewAs! })) })
    } catch {
      setView({ state: 'error' })
    }
  }

  const linkClass =
    'inline-flex items-center rounded-md px-3 py-2 text-sm font-semibold text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50'
  return (
    <div data-testid="original-file" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <a href={href} download={file.name} className={linkClass} data-testid="download-original">
          Download original<span className="sr-only"> ({file.name})</span>
        </a>
        {viewAs ? (
          view.state === 'open' ? (
            <Button variant="secondary" onClick={() => setView({ state: 'closed' })}>
              Close the original
            </Button>
          ) : (
            <Button variant="secondary" onClick={open} loading={view.state === 'loading'} data-testid="view-original">
              View original
            </Button>
          )
        ) : null}
        {children}
      </div>
      {view.state === 'loading' ? <LoadingState label="Opening the original…" /> : null}
      {view.state === 'error' ? <ErrorState message="The original file could not be opened." onRetry={open} /> : null}
      {view.state === 'open' ? (
        <iframe
          src={view.url}
          title={`Original file: ${file.name}`}
          className="h-[75vh] w-full rounded-md border border-slate-200"
          data-testid="original-viewer"
        />
      ) : null}
    </div>
  )
}
