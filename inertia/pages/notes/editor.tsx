import { useCallback } from 'react'
import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { NotesShell } from '~/components/notes/notes_shell'
import { NoteEditor } from '~/components/notes/note_editor'
import { useUnsavedGuard } from '~/components/notes/use_unsaved_guard'
import { notesUrl, type NoteJson } from '~/components/notes/notes_lib'

type Props = { note: NoteJson | null }

/** GET /notes/new (notes.create) and GET /notes/:id (notes.show): one note's editor. */
export default function NoteEditorPage({ note }: Props) {
  const setDirty = useUnsavedGuard()

  // The first save of a new note moves the address to the note's own page, in place.
  const onSaved = useCallback(
    (saved: NoteJson) => {
      if (note?.id === saved.id) return
      router.replace({
        url: notesUrl.show(saved.id),
        props: (props) => ({ ...props, note: saved }),
        preserveScroll: true,
        preserveState: true,
      })
    },
    [note?.id]
  )

  return (
    <NotesShell view="editor" editorLabel={note ? 'Editor' : 'New note'}>
      <div className="mb-4">
        <Link href={notesUrl.index()} className="text-sm font-medium text-slate-700 hover:text-indigo-700">
          ← All notes
        </Link>
      </div>
      <NoteEditor
        note={note}
        onSaved={onSaved}
        onDirtyChange={setDirty}
        onDeleted={() => router.visit(notesUrl.index())}
      />
    </NotesShell>
  )
}
