import { useState, type FormEvent } from 'react'
import { Button } from '~/components/button'
import { Field } from '~/components/field'
import { api, ApiRequestError, errorMessage } from '~/lib/api'
import { ACCESS_BADGE, targetHref, type ReferenceJson } from '~/components/notes/notes_lib'
import { urlFor } from '~/client'

export function ReferenceRow({
  reference,
  onArchive,
  busy,
}: {
  reference: ReferenceJson
  onArchive: () => void
  busy: boolean
}) {
  const href = targetHref(reference)
  return (
    <li
      className={`flex flex-wrap items-start justify-between gap-2 px-3 py-2 ${reference.status === 'archived' ? 'opacity-60' : ''}`}
      data-testid="note-reference"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs uppercase text-slate-500">{reference.target_type}</span>
          {href ? (
            <a href={href} className="font-medium text-indigo-700 hover:underline">
              {reference.target_title || reference.target_slug}
            </a>
          ) : (
            <span className="font-medium text-slate-700">
              {reference.target_title || reference.target_slug || 'Deleted item'}
            </span>
          )}
          <span
            className={`rounded px-1.5 py-0.5 text-xs font-medium ${ACCESS_BADGE[reference.access_state]}`}
            data-testid="access-badge"
            title={`Access when referenced: ${reference.access_state_snapshot}`}
          >
            {reference.access_state}
          </span>
          {reference.status === 'archived' ? <span className="text-xs text-slate-500">archived</span> : null}
          {reference.date ? <span className="text-xs text-slate-500">{reference.date}</span> : null}
        </div>
        {reference.context ? (
          <p className="mt-1 whitespace-pre-line text-sm text-slate-600">{reference.context}</p>
        ) : null}
      </div>
      {reference.status === 'active' ? (
        <Button variant="ghost" onClick={onArchive} loading={busy}>
          Archive
        </Button>
      ) : null}
    </li>
  )
}

export function AddReferenceForm({ noteId, onAdded }: { noteId: string; onAdded: (ref: ReferenceJson) => void }) {
  const [type, setType] = useState<'document' | 'course' | 'institution'>('document')
  const [slug, setSlug] = useState('')
  const [context, setContext] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const value = slug.trim()
      const body: Record<string, unknown> = { target_type: type, context: context || undefined }
      if (/^\d+$/.test(value)) body.target_id = value
      else body.target_slug = value
      const ref = await api<ReferenceJson>(urlFor('api.notes.references.store', { id: noteId }), {
        method: 'POST',
        body,
      })
      onAdded(ref)
      setSlug('')
      setContext('')
    } catch (err) {
      setError(
        err instanceof ApiRequestError && err.status === 404
          ? `No ${type} with that address was found.`
          : errorMessage(err)
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2" aria-label="Add a reference">
      <div>
        <label htmlFor="ref-type" className="block text-xs font-medium text-slate-700">
          Type
        </label>
        <select
          id="ref-type"
          value={type}
          onChange={(e) => setType(e.target.value as any)}
          className="mt-1 rounded-md border border-slate-300 px-2 py-2 text-sm"
        >
          <option value="document">Document</option>
          <option value="course">Course</option>
          <option value="institution">Institution</option>
        </select>
      </div>
      <Field
        label={`${type === 'document' ? 'Document' : type === 'course' ? 'Course' : 'Institution'} address or number`}
        hint="The last part of its web address, e.g. cell-biology-notes"
        name="ref-target"
        value={slug}
        onChange={(e) => setSlug(e.target.value)}
        required
        className="min-w-40 flex-1"
      />
      <Field
        label="Context (optional)"
        name="ref-context"
        value={context}
        maxLength={1000}
        onChange={(e) => setContext(e.target.value)}
        className="min-w-40 flex-1"
      />
      <Button type="submit" variant="secondary" loading={busy}>
        Add reference
      </Button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  )
}

/** The note's references (archive one) and the form that adds one. */
export function NoteReferences({
  noteId,
  references,
  onChange,
}: {
  noteId: string
  references: ReferenceJson[]
  onChange: (next: ReferenceJson[]) => void
}) {
  const [archiving, setArchiving] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function archive(ref: ReferenceJson) {
    setArchiving(ref.id)
    setError(null)
    try {
      const updated = await api<ReferenceJson>(
        urlFor('api.notes.references.destroy', { id: noteId, referenceId: ref.id }),
        { method: 'DELETE' }
      )
      onChange(references.map((r) => (r.id === ref.id ? updated : r)))
    } catch (err) {
      setError(errorMessage(err))
    } finally {
      setArchiving(null)
    }
  }

  return (
    <div>
      <h2 className="text-lg font-semibold">References</h2>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {references.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          No references yet. Use “Add to Notes” on a document, course or institution page, or add one here.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {references.map((ref) => (
            <ReferenceRow key={ref.id} reference={ref} busy={archiving === ref.id} onArchive={() => archive(ref)} />
          ))}
        </ul>
      )}
      <AddReferenceForm noteId={noteId} onAdded={(ref) => onChange([...references, ref])} />
    </div>
  )
}
