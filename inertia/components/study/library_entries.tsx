import { useState } from 'react'
import { Button } from '~/components/button'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { LocalTime } from '~/components/local_time'
import { useToast } from '~/components/toast'
import { api, errorMessage } from '~/lib/api'
import { urlFor } from '~/client'
import type { LibraryEntryJson, LibraryKind } from '#shared/api/study'

export const KIND_LABELS: Record<LibraryKind, string> = {
  summary: 'Summary',
  flashcards: 'Flashcards',
  study_guide: 'Study guide',
  trivia: 'Trivia game',
  course: 'Course',
}

export function itemHref(entry: { kind: LibraryKind; id: string }) {
  return urlFor('pages.study.item', { kind: entry.kind, id: entry.id })
}

/** Deletes one library item after a confirm dialog; `onDeleted` runs once it is gone. */
export function useLibraryDelete(onDeleted: (entry: { kind: LibraryKind; id: string; title: string }) => void) {
  const toast = useToast()
  const [asking, setAsking] = useState<{ kind: LibraryKind; id: string; title: string } | null>(null)
  const [busy, setBusy] = useState(false)
  async function confirm() {
    if (!asking) return
    setBusy(true)
    try {
      await api(urlFor('api.study.library.destroy', { kind: asking.kind, id: asking.id }), { method: 'DELETE' })
      toast('success', `Deleted “${asking.title}”.`)
      onDeleted(asking)
      setAsking(null)
    } catch (error) {
      toast('error', errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={`Delete this ${asking ? KIND_LABELS[asking.kind].toLowerCase() : 'item'}?`}
      confirmLabel="Delete"
      tone="danger"
      busy={busy}
      onConfirm={confirm}
      onCancel={() => setAsking(null)}
      testId="library-delete-dialog"
    >
      <p>“{asking?.title}” will be removed from your study library. This cannot be undone.</p>
    </ConfirmDialog>
  )
  return { ask: setAsking, dialog }
}

/** One library row: kind, title (opens the item), what it holds, its trivia score, when, delete. */
export function LibraryEntryRow({
  entry,
  onDelete,
}: {
  entry: LibraryEntryJson
  onDelete?: (entry: LibraryEntryJson) => void
}) {
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="library-item"
      data-kind={entry.kind}
    >
      <div className="min-w-0">
        <span className="mr-2 rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {KIND_LABELS[entry.kind]}
        </span>
        <a
          href={itemHref(entry)}
          className="break-words font-medium text-slate-800 hover:text-indigo-700"
          data-testid="library-item-link"
        >
          {entry.title}
        </a>
        <p className="mt-1 text-xs text-slate-600">
          {[
            entry.detail,
            entry.kind === 'trivia'
              ? entry.score
                ? `Last score ${entry.score.score} / ${entry.score.total}`
                : 'Not played yet'
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
          {entry.detail || entry.kind === 'trivia' ? ' · ' : ''}
          <LocalTime value={entry.created_at} />
        </p>
      </div>
      {onDelete ? (
        <Button variant="ghost" onClick={() => onDelete(entry)} data-testid="library-item-delete">
          Delete<span className="sr-only"> “{entry.title}”</span>
        </Button>
      ) : null}
    </li>
  )
}

/** Entries under their course or document, groups in order of their newest entry. */
export function groupEntries(entries: LibraryEntryJson[]) {
  const groups = new Map<string, { title: string; href: string | null; entries: LibraryEntryJson[] }>()
  for (const entry of entries) {
    const group = groups.get(entry.group.key) ?? { title: entry.group.title, href: entry.group.href, entries: [] }
    group.entries.push(entry)
    groups.set(entry.group.key, group)
  }
  return [...groups.entries()].map(([key, group]) => ({ key, ...group }))
}
