import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { Button } from '~/components/button'
import { Field } from '~/components/field'
import { EmptyState, LoadingState } from '~/components/states'
import { api, errorMessage } from '~/lib/api'
import { NotesShell } from '~/components/notes/notes_shell'
import { SaveIndicator, type SaveState } from '~/components/notes/save_indicator'
import { CanvasToolbar } from '~/components/notes/canvas_toolbar'
import { notesUrl, placeAll, type CanvasJson, type NoteJson } from '~/components/notes/notes_lib'
import { urlFor } from '~/client'

const CanvasBoard = lazy(() => import('~/components/notes/canvas_board'))

type Props = { notes: NoteJson[] }

/** GET /notes/canvas (notes.canvas): every note as a card to arrange, group and resize. */
export default function NotesCanvas(props: Props) {
  const [notes, setNotes] = useState<NoteJson[]>(props.notes)
  const [state, setState] = useState<SaveState>('idle')
  const [saveError, setSaveError] = useState<string | null>(null)
  const [lastFailed, setLastFailed] = useState<{ id: string; canvas: CanvasJson } | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [groupDraft, setGroupDraft] = useState('')
  // The board measures the window: it renders in the browser only.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  useEffect(() => setNotes(props.notes), [props.notes])

  const fail = (message: string) => {
    setSaveError(message)
    setState('failed')
  }

  const save = useCallback(async (id: string, canvas: CanvasJson) => {
    setState('saving')
    setSaveError(null)
    try {
      const note = await api<NoteJson>(urlFor('api.notes.canvas', { id }), { method: 'PATCH', body: canvas })
      setNotes((list) => list.map((n) => (n.id === id ? { ...n, canvas: note.canvas } : n)))
      setLastFailed(null)
      setState('saved')
    } catch (err) {
      setLastFailed({ id, canvas })
      fail(errorMessage(err))
      throw err
    }
  }, [])

  const reload = () => router.reload({ only: ['notes'] })
  const open = (id: string) => router.visit(notesUrl.show(id))

  const selectedNote = notes.find((n) => n.id === selected) ?? null
  useEffect(
    () => setGroupDraft(selectedNote?.canvas?.group_label ?? ''),
    [selectedNote?.id, selectedNote?.canvas?.group_label]
  )

  async function saveGroup() {
    if (!selectedNote) return
    // A card never moved keeps the grid place the board shows it in.
    const base = placeAll(notes)[notes.indexOf(selectedNote)]
    await save(selectedNote.id, { ...base, group_label: groupDraft.trim() || null }).catch(() => {
      /* shown by the indicator */
    })
  }

  return (
    <NotesShell view="canvas">
      <section aria-label="Notes canvas" className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <SaveIndicator
            state={state}
            error={saveError}
            onRetry={() => (lastFailed ? save(lastFailed.id, lastFailed.canvas).catch(() => {}) : reload())}
          />
          {selectedNote ? (
            <form
              className="flex items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault()
                void saveGroup()
              }}
            >
              <Field
                label={`Group of “${selectedNote.title}”`}
                name="group_label"
                maxLength={60}
                value={groupDraft}
                onChange={(e) => setGroupDraft(e.target.value)}
              />
              <Button type="submit" variant="secondary">
                Set group
              </Button>
              <Button variant="ghost" onClick={() => open(selectedNote.id)}>
                Open
              </Button>
            </form>
          ) : (
            <span className="text-sm text-slate-500">
              Drag cards to arrange them, select one to resize it or set its group, and use Open (or double-click) to
              edit a note.
            </span>
          )}
          <CanvasToolbar onImported={reload} onError={fail} />
        </div>
        {notes.length === 0 ? (
          <EmptyState title="No notes on the canvas yet">Create a note and it appears here.</EmptyState>
        ) : !mounted ? (
          <LoadingState label="Loading canvas…" />
        ) : (
          <div className="h-[640px] rounded-lg border border-slate-200 bg-slate-50" data-testid="notes-canvas">
            <Suspense fallback={<LoadingState label="Loading canvas…" />}>
              <CanvasBoard notes={notes} onSave={save} onOpen={open} onSelect={setSelected} />
            </Suspense>
          </div>
        )}
      </section>
    </NotesShell>
  )
}
