import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Button } from '~/components/button'
import { Spinner } from '~/components/spinner'
import { api, errorMessage } from '~/lib/api'
import { useShared } from '~/lib/page_props'
import { urlFor } from '~/client'

/**
 * Quick-add to notes (docs/rules/notes.md#notes), owned by the notes work (issue 7). Usage (keep this API):
 *   <AddToNotes targetType="document" targetId="12" targetSlug="intro-to-x" targetTitle="Intro to X" />
 * Quick-add on document, course and institution detail pages: pick an existing note or
 * create one (a new note by default when none exist); anonymous visitors go to
 * /login?next=<this page>. Adding a reference never grants access to the target.
 */
export type AddToNotesProps = {
  targetType: 'document' | 'course' | 'institution'
  targetId: string
  targetSlug: string
  targetTitle: string
}

type NoteOption = { id: string; title: string }
const NEW = '__new__'

export function AddToNotes({ targetType, targetId, targetSlug, targetTitle }: AddToNotesProps) {
  const { auth } = useShared()
  const [open, setOpen] = useState(false)
  const [notes, setNotes] = useState<NoteOption[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [choice, setChoice] = useState<string>(NEW)
  const [title, setTitle] = useState(targetTitle)
  const [context, setContext] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<{ id: string; title: string } | null>(null)
  const panelId = useId()
  const wrapper = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)

  async function loadNotes() {
    setLoadError(null)
    setNotes(null)
    try {
      const result = await api<{ data: NoteOption[] }>(
        urlFor('api.notes.index', {}, { qs: { limit: 100, sort: '-updated_at' } })
      )
      const options = result.data.map((n) => ({ id: n.id, title: n.title }))
      setNotes(options)
      setChoice(options.length ? options[0].id : NEW)
    } catch (err) {
      setLoadError(errorMessage(err))
    }
  }

  function toggle() {
    if (!auth.user) {
      const next = window.location.pathname + window.location.search
      window.location.href = urlFor('pages.auth.login', {}, { qs: { next } })
      return
    }
    if (open) {
      setOpen(false)
      return
    }
    setOpen(true)
    setDone(null)
    setError(null)
    void loadNotes()
  }

  useEffect(() => {
    if (!open) return
    // Escape from inside the panel would leave focus on a removed element: give it to the toggle.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      if (wrapper.current?.contains(document.activeElement)) toggleRef.current?.focus()
      setOpen(false)
    }
    const onClick = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onClick)
    }
  }, [open])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    const reference = { target_type: targetType, target_id: targetId, context: context.trim() || undefined }
    try {
      if (choice === NEW) {
        if (!title.trim()) {
          setError('Give the new note a title.')
          return
        }
        const note = await api<{ id: string; title: string }>(urlFor('api.notes.store'), {
          method: 'POST',
          body: { title: title.trim(), references: [reference] },
        })
        setDone({ id: note.id, title: note.title })
      } else {
        await api(urlFor('api.notes.references.store', { id: choice }), { method: 'POST', body: reference })
        setDone({ id: choice, title: notes?.find((n) => n.id === choice)?.title ?? 'your note' })
      }
      setContext('')
    } catch (err) {
      setError(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="relative inline-block" ref={wrapper} data-testid="add-to-notes" data-target-slug={targetSlug}>
      <Button
        ref={toggleRef}
        variant="secondary"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
      >
        Add to Notes
      </Button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label="Add to Notes"
          className="absolute left-0 z-40 mt-2 w-80 rounded-lg border border-slate-200 bg-white p-4 text-left shadow-lg"
        >
          {done ? (
            <div role="status" className="space-y-2 text-sm">
              <p className="text-green-700">Added to “{done.title}”.</p>
              <a href={urlFor('notes.show', { id: done.id })} className="font-medium text-indigo-700 hover:underline">
                Open the note
              </a>
              <div>
                <button
                  type="button"
                  className="text-slate-600 underline"
                  onClick={() => {
                    setDone(null)
                    void loadNotes()
                  }}
                >
                  Add to another note
                </button>
              </div>
            </div>
          ) : loadError ? (
            <div role="alert" className="space-y-2 text-sm text-red-700">
              <p>{loadError}</p>
              <Button variant="secondary" onClick={loadNotes}>
                Try again
              </Button>
            </div>
          ) : notes === null ? (
            <div className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner label="Loading notes" /> Loading your notes…
            </div>
          ) : (
            <form onSubmit={submit} className="space-y-3 text-sm">
              <div>
                <label htmlFor={`${panelId}-note`} className="block font-medium text-slate-700">
                  Note
                </label>
                <select
                  id={`${panelId}-note`}
                  name="note"
                  value={choice}
                  onChange={(e) => setChoice(e.target.value)}
                  className="mt-1 w-full rounded-md border border-slate-300 px-2 py-2"
                >
                  <option value={NEW}>+ New note</option>
                  {notes.map((n) => (
                    <option key={n.id} value={n.id}>
                      {n.title}
                    </option>
                  ))}
                </select>
              </div>
              {choice === NEW ? (
                <div>
                  <label htmlFor={`${panelId}-title`} className="block font-medium text-slate-700">
                    New note title
                  </label>
                  <input
                    id={`${panelId}-title`}
                    name="title"
                    value={title}
                    maxLength={200}
                    onChange={(e) => setTitle(e.target.value)}
                    className="mt-1 w-full rounded-md border border-slate-300 px-2 py-2"
                    required
                  />
                </div>
              ) : null}
              <div>
                <label htmlFor={`${panelId}-context`} className="block font-medium text-slate-700">
                  Context (optional)
                </label>
                <textarea
                  id={`${panelId}-context`}
                  name="context"
                  rows={2}
                  maxLength={1000}
                  value={context}
                  onChange={(e) => setContext(e.target.value)}
                  className="mt-1 w-full rounded-md border border-slate-300 px-2 py-2"
                />
              </div>
              {error ? (
                <p role="alert" className="text-red-700">
                  {error}
                </p>
              ) : null}
              <div className="flex justify-end gap-2">
                <Button variant="ghost" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Add
                </Button>
              </div>
            </form>
          )}
        </div>
      ) : null}
    </div>
  )
}
