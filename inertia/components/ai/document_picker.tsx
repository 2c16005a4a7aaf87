import { useState, type ReactNode } from 'react'
import { Button } from '~/components/button'
import { UploadModal, type UploadedDocument } from '~/components/upload_modal'

export type MyDocument = { id: string; slug: string; title: string; ingest_status: string; chunk_count: number }

/** A numbered step of a tool page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  )
}

/** Picks ingested documents (or uploads one); tools needing a scope stay disabled without one. */
export function DocumentPicker({
  documents,
  selected,
  onChange,
  onUploaded,
}: {
  documents: MyDocument[]
  selected: string[]
  onChange: (ids: string[]) => void
  onUploaded: (document: UploadedDocument) => void
}) {
  const [open, setOpen] = useState(false)
  const ready = documents.filter((d) => d.ingest_status === 'ready' && d.chunk_count > 0)
  return (
    <Section title="1. Choose your documents">
      {ready.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="no-documents">
          No document yet. Upload one to get started.
        </p>
      ) : (
        <ul className="max-h-56 space-y-1 overflow-auto" aria-label="Your documents">
          {ready.map((d) => (
            <li key={d.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={selected.includes(d.id)}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...selected, d.id] : selected.filter((id) => id !== d.id))
                  }
                />
                {d.title}
              </label>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)} data-testid="open-upload">
        Upload a document
      </Button>
      <UploadModal
        open={open}
        onClose={() => setOpen(false)}
        onUploaded={(document) => {
          onUploaded(document)
        }}
      />
    </Section>
  )
}
