import { useCallback, useEffect, useState } from 'react'
import { Button } from '~/components/button'
import { Field, TextArea } from '~/components/field'
import { Banner } from '~/components/banner'
import { api, errorMessage } from '~/lib/api'
import { SaveIndicator, type SaveState } from '~/components/notes/save_indicator'
import { NoteReferences } from '~/components/notes/note_references'
import { isoToLocalInput, localInputToIso, type NoteJson } from '~/components/notes/notes_lib'
import { urlFor } from '~/client'

type Draft = { title: string; body: string; deadline: string; reminder: string }

const TIMES = [
  { key: 'deadline', label: 'Deadline', hint: 'Shown in your time zone, stored in UTC.' },
  { key: 'reminder', label: 'Reminder', hint: 'We email you once at this time.' },
] as const

const draftOf = (note: NoteJson | null): Draft => ({
  title: note?.title ?? '',
  body: note?.body ?? '',
  deadline: isoToLocalInput(note?.deadline_at ?? null),
  reminder: isoToLocalInput(note?.reminder_at ?? null),
})

type Props = {
  note: NoteJson | null
  /** After every successful write (the first save of a new note included). */
  onSaved: (note: NoteJson) => void
  onDirtyChange: (dirty: boolean) => void
  onDeleted: (note: NoteJson) => void
}

/** Title, body, deadline and reminder with an explicit Save; references once the note exists. */
export function NoteEditor({ note, onSaved, onDirtyChange, onDeleted }: Props) {
  const [current, setCurrent] = useState<NoteJson | null>(note)
  const [draft, setDraft] = useState<Draft>(() => draftOf(note))
  const [saved, setSaved] = useState<Draft>(() => draftOf(note))
  const [saveState, setSaveState] = useState<SaveState>('idle')
  const [saveError, setSaveError] = useState<string | null>(null)
  const [titleError, setTitleError] = useState<string | null>(null)

  const dirty = JSON.stringify(draft) !== JSON.stringify(saved)
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange])

  const failed = (err: unknown) => {
    setSaveState('failed')
    setSaveError(errorMessage(err))
  }

  const save = useCallback(async () => {
    if (!draft.title.trim()) {
      setTitleError('A title is required.')
      // The Save button keeps focus otherwise; the field that needs fixing is where to type next.
      document.getElementById('note-title')?.focus()
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
        ? await api<NoteJson>(urlFor('api.notes.update', { id: current.id }), { method: 'PATCH', body })
        : await api<NoteJson>(urlFor('api.notes.store'), { method: 'POST', body })
      setCurrent(result)
      setSaved(snapshot)
      setSaveState('saved')
      onDirtyChange(false)
      onSaved(result)
    } catch (err) {
      failed(err)
    }
  }, [draft, current, onSaved, onDirtyChange])

  function update<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((d) => ({ ...d, [key]: value }))
    if (saveState === 'saved') setSaveState('idle')
  }

  async function deleteNote() {
    if (!current || !window.confirm('Move this note to Deleted?')) return
    try {
      const result = await api<NoteJson>(urlFor('api.notes.destroy', { id: current.id }), { method: 'DELETE' })
      onDirtyChange(false)
      onDeleted(result)
    } catch (err) {
      failed(err)
    }
  }

  async function setStatus(status: 'active' | 'archived') {
    if (!current) return
    try {
      const result = await api<NoteJson>(urlFor('api.notes.update', { id: current.id }), {
        method: 'PATCH',
        body: { status },
      })
      setCurrent(result)
      onSaved(result)
    } catch (err) {
      failed(err)
    }
  }

  return (
    <section aria-label="Note editor" className="space-y-4">
      <div className="flex flex-wrap items-center justify-end gap-3">
        <SaveIndicator state={saveState} error={saveError} onRetry={save} />
        {dirty && saveState !== 'saving' && saveState !== 'failed' ? (
          <span className="text-sm text-amber-700" data-testid="unsaved">
            Unsaved changes
          </span>
        ) : null}
        <Button onClick={save} loading={saveState === 'saving'} data-testid="save-note">
          Save
        </Button>
      </div>
      {current && current.status !== 'active' ? (
        <Banner tone="warning">
          This note is {current.status}.{' '}
          <button type="button" className="underline" onClick={() => setStatus('active')}>
            Restore it
          </button>
        </Banner>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="space-y-4"
      >
        <Field
          label="Title"
          id="note-title"
          name="title"
          value={draft.title}
          maxLength={200}
          onChange={(e) => update('title', e.target.value)}
          error={titleError}
          required
          autoFocus={!current}
        />
        <TextArea
          label="Body"
          name="body"
          rows={10}
          value={draft.body}
          maxLength={50000}
          onChange={(e) => update('body', e.target.value)}
        />
        <div className="flex flex-wrap gap-4">
          {TIMES.map(({ key, label, hint }) => (
            <Field
              key={key}
              label={label}
              name={key}
              type="datetime-local"
              value={draft[key]}
              onChange={(e) => update(key, e.target.value)}
              hint={hint}
            />
          ))}
        </div>
      </form>

      {current ? (
        <div>
          <NoteReferences
            noteId={current.id}
            references={current.references}
            onChange={(references) => setCurrent((n) => (n ? { ...n, references } : n))}
          />
          <div className="mt-6 flex gap-2 border-t border-slate-200 pt-4">
            {current.status === 'active' ? (
              <Button variant="secondary" onClick={() => setStatus('archived')}>
                Archive note
              </Button>
            ) : null}
            {current.status !== 'deleted' ? (
              <Button variant="danger" onClick={deleteNote}>
                Delete note
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-500">Save the note to add references.</p>
      )}
    </section>
  )
}
