import { LocalTime } from '~/components/local_time'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Button } from '~/components/button'
import { Field, TextArea } from '~/components/field'
import { EmptyState, ErrorState, LoadingState } from '~/components/states'
import { Banner } from '~/components/banner'
import { api, ApiRequestError, errorMessage } from '~/lib/api'
import {
  ACCESS_BADGE,
  isoToLocalInput,
  localInputToIso,
  targetHref,
  type CanvasJson,
  type NoteJson,
  type NotesFilters,
  type NotesList,
  type ReferenceJson,
} from '~/pages/notes/notes_lib'

const CanvasBoard = lazy(() => import('~/pages/notes/canvas_board'))

type Mode = 'list' | 'editor' | 'canvas'
type SaveState = 'idle' | 'saving' | 'saved' | 'failed'

type Props = {
  initialList: NotesList
  initialFilters: NotesFilters
  initialMode: Mode
  initialNote: NoteJson | null
}

function queryString(filters: NotesFilters) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value)
  const s = params.toString()
  return s ? `?${s}` : ''
}

function setUrl(mode: Mode, noteId: string | null, filters: NotesFilters) {
  if (typeof window === 'undefined') return
  const params = new URLSearchParams()
  if (mode === 'list') for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value)
  if (mode !== 'list') params.set('mode', mode)
  if (mode === 'editor' && noteId) params.set('note', noteId)
  const s = params.toString()
  const url = `/notes${s ? `?${s}` : ''}`
  window.history.replaceState(window.history.state, '', url)
}

/* ------------------------------------------------------------------ list */

function NotesListView({
  list,
  filters,
  loading,
  error,
  onFilters,
  onRetry,
  onOpen,
  onNew,
}: {
  list: NotesList | null
  filters: NotesFilters
  loading: boolean
  error: string | null
  onFilters: (next: NotesFilters) => void
  onRetry: () => void
  onOpen: (note: NoteJson) => void
  onNew: () => void
}) {
  const [q, setQ] = useState(filters.q ?? '')
  useEffect(() => setQ(filters.q ?? ''), [filters.q])

  function submit(event: FormEvent) {
    event.preventDefault()
    onFilters({ ...filters, q, page: undefined })
  }

  const meta = list?.meta
  const page = meta?.page ?? 1
  return (
    <section aria-label="Notes list">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" role="search">
        <Field label="Search notes" name="q" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Title, body or reference context" className="min-w-56 flex-1" />
        <div>
          <label htmlFor="notes-status" className="block text-sm font-medium text-slate-700">Status</label>
          <select
            id="notes-status"
            className="mt-1 rounded-md border border-slate-300 px-2 py-2 text-sm"
            value={filters.status ?? 'active'}
            onChange={(e) => onFilters({ ...filters, status: e.target.value === 'active' ? undefined : e.target.value, page: undefined })}
          >
            <option value="active">Active</option>
            <option value="archived">Archived</option>
            <option value="deleted">Deleted</option>
          </select>
        </div>
        <div>
          <label htmlFor="notes-deadline" className="block text-sm font-medium text-slate-700">Deadline</label>
          <select
            id="notes-deadline"
            className="mt-1 rounded-md border border-slate-300 px-2 py-2 text-sm"
            value={filters.has_deadline ?? ''}
            onChange={(e) => onFilters({ ...filters, has_deadline: e.target.value || undefined, page: undefined })}
          >
            <option value="">Any</option>
            <option value="true">With deadline</option>
            <option value="false">Without deadline</option>
          </select>
        </div>
        <div>
          <label htmlFor="notes-sort" className="block text-sm font-medium text-slate-700">Sort</label>
          <select
            id="notes-sort"
            className="mt-1 rounded-md border border-slate-300 px-2 py-2 text-sm"
            value={filters.sort ?? '-updated_at'}
            onChange={(e) => onFilters({ ...filters, sort: e.target.value === '-updated_at' ? undefined : e.target.value, page: undefined })}
          >
            <option value="-updated_at">Recently updated</option>
            <option value="-created_at">Newest</option>
            <option value="created_at">Oldest</option>
            <option value="deadline_at">Deadline (soonest)</option>
            <option value="-deadline_at">Deadline (latest)</option>
            <option value="title">Title A–Z</option>
            <option value="-title">Title Z–A</option>
          </select>
        </div>
        <Button type="submit" variant="secondary">Search</Button>
      </form>

      <div className="mt-6">
        {error ? (
          <ErrorState message={error} onRetry={onRetry} />
        ) : loading && !list ? (
          <LoadingState label="Loading notes…" />
        ) : list && list.data.length === 0 ? (
          <EmptyState title={filters.q || filters.status || filters.has_deadline ? 'No notes match these filters' : 'No notes yet'}>
            <Button className="mt-2" onClick={onNew}>Create your first note</Button>
          </EmptyState>
        ) : list ? (
          <>
            <ul className={`divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white ${loading ? 'opacity-60' : ''}`} data-testid="notes-list" aria-busy={loading || undefined}>
              {list.data.map((note) => (
                <li key={note.id}>
                  <button type="button" onClick={() => onOpen(note)} className="flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50" data-testid="note-row">
                    <span className="font-medium text-slate-900">{note.title}</span>
                    <span className="line-clamp-1 text-sm text-slate-500">{note.body || 'No body'}</span>
                    <span className="flex flex-wrap gap-3 text-xs text-slate-500">
                      {note.deadline_at ? <span>Due <LocalTime value={note.deadline_at} /></span> : null}
                      {note.references.length ? <span>{note.references.length} reference{note.references.length === 1 ? '' : 's'}</span> : null}
                      {note.status !== 'active' ? <span className="uppercase">{note.status}</span> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {meta ? (
              <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm">
                <span className="text-slate-600">
                  Page {meta.page} of {meta.last_page} · {meta.total} note{meta.total === 1 ? '' : 's'}
                </span>
                <span className="flex gap-2">
                  <Button variant="secondary" disabled={page <= 1 || loading} onClick={() => onFilters({ ...filters, page: String(page - 1) })}>Previous</Button>
                  <Button variant="secondary" disabled={page >= meta.last_page || loading} onClick={() => onFilters({ ...filters, page: String(page + 1) })}>Next</Button>
                </span>
              </nav>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  )
}

/* ---------------------------------------------------------------- editor */

type Draft = { title: string; body: string; deadline: string; reminder: string }

const draftOf = (note: NoteJson | null): Draft => ({
  title: note?.title ?? '',
  body: note?.body ?? '',
  deadline: isoToLocalInput(note?.deadline_at ?? null),
  reminder: isoToLocalInput(note?.reminder_at ?? null),
})

function SaveIndicator({ state, error, onRetry }: { state: SaveState; error: string | null; onRetry: () => void }) {
  if (state === 'saving') return <span role="status" data-save-state="saving" className="text-sm text-slate-500">Saving…</span>
  if (state === 'saved') return <span role="status" data-save-state="saved" className="text-sm text-green-700">Saved</span>
  if (state === 'failed')
    return (
      <span role="alert" data-save-state="failed" className="flex items-center gap-2 text-sm text-red-700">
        Couldn’t save{error ? `: ${error}` : ''}.
        <Button variant="secondary" onClick={onRetry}>Retry</Button>
      </span>
    )
  return null
}

function ReferenceRow({ reference, onArchive, busy }: { reference: ReferenceJson; onArchive: () => void; busy: boolean }) {
  const href = targetHref(reference)
  return (
    <li className={`flex flex-wrap items-start justify-between gap-2 px-3 py-2 ${reference.status === 'archived' ? 'opacity-60' : ''}`} data-testid="note-reference">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs uppercase text-slate-500">{reference.target_type}</span>
          {href ? (
            <a href={href} className="font-medium text-indigo-700 hover:underline">{reference.target_title || reference.target_slug}</a>
          ) : (
            <span className="font-medium text-slate-700">{reference.target_title || reference.target_slug || 'Deleted item'}</span>
          )}
          <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${ACCESS_BADGE[reference.access_state]}`} data-testid="access-badge" title={`Access when referenced: ${reference.access_state_snapshot}`}>
            {reference.access_state}
          </span>
          {reference.status === 'archived' ? <span className="text-xs text-slate-500">archived</span> : null}
          {reference.date ? <span className="text-xs text-slate-500">{reference.date}</span> : null}
        </div>
        {reference.context ? <p className="mt-1 whitespace-pre-line text-sm text-slate-600">{reference.context}</p> : null}
      </div>
      {reference.status === 'active' ? (
        <Button variant="ghost" onClick={onArchive} loading={busy}>Archive</Button>
      ) : null}
    </li>
  )
}

function AddReferenceForm({ noteId, onAdded }: { noteId: string; onAdded: (ref: ReferenceJson) => void }) {
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
      const ref = await api<ReferenceJson>(`/notes/${noteId}/references`, { method: 'POST', body })
      onAdded(ref)
      setSlug('')
      setContext('')
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status === 404 ? `No ${type} with that address was found.` : errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2" aria-label="Add a reference">
      <div>
        <label htmlFor="ref-type" className="block text-xs font-medium text-slate-700">Type</label>
        <select id="ref-type" value={type} onChange={(e) => setType(e.target.value as any)} className="mt-1 rounded-md border border-slate-300 px-2 py-2 text-sm">
          <option value="document">Document</option>
          <option value="course">Course</option>
          <option value="institution">Institution</option>
        </select>
      </div>
      <Field label="Slug or id" name="ref-target" value={slug} onChange={(e) => setSlug(e.target.value)} required className="min-w-40 flex-1" />
      <Field label="Context (optional)" name="ref-context" value={context} maxLength={1000} onChange={(e) => setContext(e.target.value)} className="min-w-40 flex-1" />
      <Button type="submit" variant="secondary" loading={busy}>Add reference</Button>
      {error ? <p role="alert" className="w-full text-sm text-red-700">{error}</p> : null}
    </form>
  )
}

function Editor({
  note,
  onSaved,
  onDirtyChange,
  onBack,
  onDeleted,
}: {
  note: NoteJson | null
  onSaved: (note: NoteJson) => void
  onDirtyChange: (dirty: boolean) => void
  onBack: () => void
  onDeleted: (note: NoteJson) => void
}) {
  const [current, setCurrent] = useState<NoteJson | null>(note)
  const [draft, setDraft] = useState<Draft>(() => draftOf(note))
  const [saved, setSaved] = useState<Draft>(() => draftOf(note))
  const [saveState, setSaveState] = useState<SaveState>('idle')
  const [saveError, setSaveError] = useState<string | null>(null)
  const [titleError, setTitleError] = useState<string | null>(null)
  const [archiving, setArchiving] = useState<string | null>(null)
  const [refError, setRefError] = useState<string | null>(null)

  const dirty = JSON.stringify(draft) !== JSON.stringify(saved)
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange])

  const save = useCallback(async () => {
    if (!draft.title.trim()) {
      setTitleError('A title is required.')
      return
    }
    setTitleError(null)
    setSaveState('saving')
    setSaveError(null)
    const snapshot = draft
    const body = {
      title: snapshot.title,
      body: snapshot.body,
      deadline_at: localInputToIso(snapshot.deadline),
      reminder_at: localInputToIso(snapshot.reminder),
    }
    try {
      const result = current
        ? await api<NoteJson>(`/notes/${current.id}`, { method: 'PATCH', body })
        : await api<NoteJson>('/notes', { method: 'POST', body })
      setCurrent(result)
      setSaved(snapshot)
      setSaveState('saved')
      onSaved(result)
    } catch (err) {
      setSaveState('failed')
      setSaveError(errorMessage(err))
    }
  }, [draft, current, onSaved])

  function update<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((d) => ({ ...d, [key]: value }))
    if (saveState === 'saved') setSaveState('idle')
  }

  async function archiveReference(ref: ReferenceJson) {
    if (!current) return
    setArchiving(ref.id)
    setRefError(null)
    try {
      const updated = await api<ReferenceJson>(`/notes/${current.id}/references/${ref.id}`, { method: 'DELETE' })
      setCurrent((n) => (n ? { ...n, references: n.references.map((r) => (r.id === ref.id ? updated : r)) } : n))
    } catch (err) {
      setRefError(errorMessage(err))
    } finally {
      setArchiving(null)
    }
  }

  async function deleteNote() {
    if (!current) return
    if (!window.confirm('Move this note to Deleted?')) return
    try {
      const result = await api<NoteJson>(`/notes/${current.id}`, { method: 'DELETE' })
      onDirtyChange(false)
      onDeleted(result)
    } catch (err) {
      setSaveState('failed')
      setSaveError(errorMessage(err))
    }
  }

  async function setStatus(status: 'active' | 'archived') {
    if (!current) return
    try {
      const result = await api<NoteJson>(`/notes/${current.id}`, { method: 'PATCH', body: { status } })
      setCurrent(result)
      onSaved(result)
    } catch (err) {
      setSaveState('failed')
      setSaveError(errorMessage(err))
    }
  }

  return (
    <section aria-label="Note editor" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" onClick={onBack}>← All notes</Button>
        <div className="flex items-center gap-3">
          <SaveIndicator state={saveState} error={saveError} onRetry={save} />
          {dirty && saveState !== 'saving' && saveState !== 'failed' ? <span className="text-sm text-amber-700" data-testid="unsaved">Unsaved changes</span> : null}
          <Button onClick={save} loading={saveState === 'saving'} data-testid="save-note">Save</Button>
        </div>
      </div>
      {current && current.status !== 'active' ? (
        <Banner tone="warning">This note is {current.status}.{' '}
          <button type="button" className="underline" onClick={() => setStatus('active')}>Restore it</button>
        </Banner>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="space-y-4"
      >
        <Field label="Title" name="title" value={draft.title} maxLength={200} onChange={(e) => update('title', e.target.value)} error={titleError} required autoFocus={!current} />
        <TextArea label="Body" name="body" rows={10} value={draft.body} maxLength={50000} onChange={(e) => update('body', e.target.value)} />
        <div className="flex flex-wrap gap-4">
          <Field label="Deadline" name="deadline" type="datetime-local" value={draft.deadline} onChange={(e) => update('deadline', e.target.value)} hint="Shown in your time zone, stored in UTC." />
          <Field label="Reminder" name="reminder" type="datetime-local" value={draft.reminder} onChange={(e) => update('reminder', e.target.value)} hint="We email you once at this time." />
        </div>
      </form>

      {current ? (
        <div>
          <h2 className="text-lg font-semibold">References</h2>
          {refError ? <p role="alert" className="text-sm text-red-700">{refError}</p> : null}
          {current.references.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">No references yet. Use “Add to Notes” on a document, course or institution page, or add one here.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {current.references.map((ref) => (
                <ReferenceRow key={ref.id} reference={ref} busy={archiving === ref.id} onArchive={() => archiveReference(ref)} />
              ))}
            </ul>
          )}
          <AddReferenceForm noteId={current.id} onAdded={(ref) => setCurrent((n) => (n ? { ...n, references: [...n.references, ref] } : n))} />
          <div className="mt-6 flex gap-2 border-t border-slate-200 pt-4">
            {current.status === 'active' ? <Button variant="secondary" onClick={() => setStatus('archived')}>Archive note</Button> : null}
            {current.status !== 'deleted' ? <Button variant="danger" onClick={deleteNote}>Delete note</Button> : null}
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-500">Save the note to add references.</p>
      )}
    </section>
  )
}

/* ---------------------------------------------------------------- canvas */

function CanvasMode({ onOpen }: { onOpen: (id: string) => void }) {
  const [notes, setNotes] = useState<NoteJson[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [state, setState] = useState<SaveState>('idle')
  const [saveError, setSaveError] = useState<string | null>(null)
  const [lastFailed, setLastFailed] = useState<{ id: string; canvas: CanvasJson } | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [groupDraft, setGroupDraft] = useState('')
  const [mounted, setMounted] = useState(false)
  const [calendarUrl, setCalendarUrl] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  const load = useCallback(async () => {
    setError(null)
    try {
      const all: NoteJson[] = []
      for (let page = 1; page <= 5; page++) {
        const result = await api<NotesList>(`/notes?limit=100&page=${page}&sort=created_at`)
        all.push(...result.data)
        if (page >= result.meta.last_page) break
      }
      setNotes(all)
    } catch (err) {
      setError(errorMessage(err))
    }
  }, [])

  useEffect(() => {
    setMounted(true)
    void load()
  }, [load])

  const save = useCallback(async (id: string, canvas: CanvasJson) => {
    setState('saving')
    setSaveError(null)
    try {
      const note = await api<NoteJson>(`/notes/${id}/canvas`, { method: 'PATCH', body: canvas })
      setNotes((list) => (list ? list.map((n) => (n.id === id ? { ...n, canvas: note.canvas } : n)) : list))
      setLastFailed(null)
      setState('saved')
    } catch (err) {
      setLastFailed({ id, canvas })
      setSaveError(errorMessage(err))
      setState('failed')
      throw err
    }
  }, [])

  const selectedNote = notes?.find((n) => n.id === selected) ?? null
  useEffect(() => setGroupDraft(selectedNote?.canvas?.group_label ?? ''), [selectedNote?.id, selectedNote?.canvas?.group_label])

  async function saveGroup() {
    if (!selectedNote) return
    const base = selectedNote.canvas ?? { x: 0, y: 0, width: 260, height: 180, group_label: null }
    try {
      await save(selectedNote.id, { ...base, group_label: groupDraft.trim() || null })
    } catch {
      /* shown by the indicator */
    }
  }

  async function exportCanvas() {
    try {
      const data = await api('/notes/canvas/export')
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
      const a = document.createElement('a')
      a.href = URL.createObjectURL(blob)
      a.download = 'notes.canvas'
      a.click()
      URL.revokeObjectURL(a.href)
    } catch (err) {
      setSaveError(errorMessage(err))
      setState('failed')
    }
  }

  async function importCanvas(file: File) {
    try {
      const parsed = JSON.parse(await file.text())
      await api('/notes/canvas/import', { method: 'POST', body: parsed })
      await load()
    } catch (err) {
      setSaveError(err instanceof SyntaxError ? 'That file is not a JSON Canvas file.' : errorMessage(err))
      setState('failed')
    }
  }

  async function rotateCalendar() {
    if (calendarUrl && !window.confirm('Create a new calendar address? The old one stops working.')) return
    try {
      const result = await api<{ url: string }>('/notes/calendar/rotate', { method: 'POST' })
      setCalendarUrl(result.url)
    } catch (err) {
      setSaveError(errorMessage(err))
      setState('failed')
    }
  }

  if (error) return <ErrorState message={error} onRetry={load} />
  if (!notes || !mounted) return <LoadingState label="Loading canvas…" />
  return (
    <section aria-label="Notes canvas" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <SaveIndicator state={state} error={saveError} onRetry={() => (lastFailed ? save(lastFailed.id, lastFailed.canvas).catch(() => {}) : load())} />
        {selectedNote ? (
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault()
              void saveGroup()
            }}
          >
            <Field label={`Group of “${selectedNote.title}”`} name="group_label" maxLength={60} value={groupDraft} onChange={(e) => setGroupDraft(e.target.value)} />
            <Button type="submit" variant="secondary">Set group</Button>
            <Button variant="ghost" onClick={() => onOpen(selectedNote.id)}>Open</Button>
          </form>
        ) : (
          <span className="text-sm text-slate-500">Drag cards to arrange them, select one to resize it or set its group, double-click to open.</span>
        )}
        <span className="ml-auto flex gap-2">
          <Button variant="secondary" onClick={exportCanvas}>Export JSON Canvas</Button>
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>Import</Button>
          <input ref={fileInput} type="file" accept=".canvas,application/json" className="hidden" onChange={(e) => e.target.files?.[0] && importCanvas(e.target.files[0])} />
          <Button variant="secondary" onClick={rotateCalendar}>{calendarUrl ? 'New calendar link' : 'Calendar link'}</Button>
        </span>
      </div>
      {calendarUrl ? (
        <Banner tone="info">
          Subscribe to your deadlines from any calendar app (keep this address private): <code className="break-all">{calendarUrl}</code>
        </Banner>
      ) : null}
      {notes.length === 0 ? (
        <EmptyState title="No notes on the canvas yet">Create a note and it appears here.</EmptyState>
      ) : (
        <div className="h-[640px] rounded-lg border border-slate-200 bg-slate-50" data-testid="notes-canvas">
          <Suspense fallback={<LoadingState label="Loading canvas…" />}>
            <CanvasBoard notes={notes} onSave={save} onOpen={onOpen} onSelect={setSelected} />
          </Suspense>
        </div>
      )}
    </section>
  )
}

/* ------------------------------------------------------------------ page */

export default function NotesIndex({ initialList, initialFilters, initialMode, initialNote }: Props) {
  const [mode, setMode] = useState<Mode>(initialMode === 'editor' && !initialNote ? 'editor' : initialMode)
  const [filters, setFilters] = useState<NotesFilters>(initialFilters)
  const [list, setList] = useState<NotesList | null>(initialList)
  const [listLoading, setListLoading] = useState(false)
  const [listError, setListError] = useState<string | null>(null)
  const [editing, setEditing] = useState<NoteJson | null>(initialNote)
  const [editorKey, setEditorKey] = useState(0)
  const dirtyRef = useRef(false)

  const onDirtyChange = useCallback((value: boolean) => {
    dirtyRef.current = value
  }, [])

  // Unsaved changes: warn on tab close/reload and on Inertia navigation.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    const off = router.on('before', (event) => {
      if (dirtyRef.current && !window.confirm('You have unsaved changes. Leave without saving?')) {
        event.preventDefault()
        return false
      }
    })
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      off()
    }
  }, [])

  const confirmLeave = () => !dirtyRef.current || window.confirm('You have unsaved changes. Leave without saving?')

  const loadList = useCallback(async (next: NotesFilters) => {
    setListLoading(true)
    setListError(null)
    try {
      setList(await api<NotesList>(`/notes${queryString(next)}`))
    } catch (err) {
      setListError(errorMessage(err))
    } finally {
      setListLoading(false)
    }
  }, [])

  function applyFilters(next: NotesFilters) {
    setFilters(next)
    setUrl('list', null, next)
    void loadList(next)
  }

  function switchMode(next: Mode, note: NoteJson | null = null) {
    if (mode === 'editor' && !confirmLeave()) return
    onDirtyChange(false)
    setMode(next)
    setEditing(note)
    setEditorKey((k) => k + 1)
    setUrl(next, note?.id ?? null, filters)
    if (next === 'list') void loadList(filters)
  }

  async function openById(id: string) {
    try {
      const note = await api<NoteJson>(`/notes/${id}`)
      switchMode('editor', note)
    } catch (err) {
      setListError(errorMessage(err))
      switchMode('list')
    }
  }

  const onSaved = useCallback(
    (note: NoteJson) => {
      setEditing(note)
      setUrl('editor', note.id, filters)
    },
    [filters]
  )

  const tabs = useMemo(
    () => [
      { id: 'list' as const, label: 'List' },
      { id: 'editor' as const, label: editing ? 'Editor' : 'New note' },
      { id: 'canvas' as const, label: 'Canvas' },
    ],
    [editing]
  )

  return (
    <AppLayout wide>
      <Seo title="Notes – StudyHub" robots="noindex, nofollow" />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Notes</h1>
        <div className="flex items-center gap-2">
          <div role="tablist" aria-label="Notes view" className="flex rounded-md border border-slate-300 bg-white p-0.5">
            {tabs.map((tab) => (
              <button
                key={tab.id}
                type="button"
                role="tab"
                aria-selected={mode === tab.id}
                data-testid={`mode-${tab.id}`}
                onClick={() => (tab.id === 'editor' ? switchMode('editor', editing) : switchMode(tab.id))}
                className={`rounded px-3 py-1.5 text-sm font-medium ${mode === tab.id ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {tab.label}
              </button>
            ))}
          </div>
          <Button onClick={() => switchMode('editor', null)} data-testid="new-note">New note</Button>
        </div>
      </div>
      {mode === 'list' ? (
        <NotesListView
          list={list}
          filters={filters}
          loading={listLoading}
          error={listError}
          onFilters={applyFilters}
          onRetry={() => loadList(filters)}
          onOpen={(note) => switchMode('editor', note)}
          onNew={() => switchMode('editor', null)}
        />
      ) : mode === 'editor' ? (
        <Editor
          key={editorKey}
          note={editing}
          onSaved={onSaved}
          onDirtyChange={onDirtyChange}
          onBack={() => switchMode('list')}
          onDeleted={() => {
            onDirtyChange(false)
            switchMode('list')
          }}
        />
      ) : (
        <CanvasMode onOpen={openById} />
      )}
    </AppLayout>
  )
}
