import { useState } from 'react'
import { router } from '@inertiajs/react'
import { NotesShell } from '~/components/notes/notes_shell'
import { NotesListView } from '~/components/notes/notes_list_view'
import { notesUrl, type NotesFilters, type NoteList } from '~/components/notes/notes_lib'

type Props = { list: NoteList; filters: NotesFilters }

const FAILED = 'Could not load your notes. Please try again.'

/** GET /notes (notes.index): the list, server-rendered; filters live in the address. */
export default function NotesIndex({ list, filters }: Props) {
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const callbacks = {
    only: ['list', 'filters'],
    onStart: () => {
      setLoading(true)
      setError(null)
    },
    onFinish: () => setLoading(false),
    onHttpException: () => {
      setError(FAILED)
      return false
    },
    onNetworkError: () => {
      setError(FAILED)
      return false
    },
  }

  return (
    <NotesShell view="list">
      <NotesListView
        list={list}
        filters={filters}
        loading={loading}
        error={error}
        onFilters={(next) =>
          router.visit(notesUrl.index(next), { ...callbacks, preserveState: true, preserveScroll: true })
        }
        onRetry={() => router.reload(callbacks)}
      />
    </NotesShell>
  )
}
