import { useEffect, useState, type FormEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { LocalTime } from '~/components/local_time'
import { Button } from '~/components/button'
import { Field } from '~/components/field'
import { EmptyState, ErrorState } from '~/components/states'
import { notesUrl, type NotesFilters, type NoteList } from '~/components/notes/notes_lib'

type Props = {
  list: NoteList
  filters: NotesFilters
  loading: boolean
  error: string | null
  onFilters: (next: NotesFilters) => void
  onRetry: () => void
}

const STATUS_OPTIONS: Array<[string, string]> = [
  ['active', 'Active'],
  ['archived', 'Archived'],
  ['deleted', 'Deleted'],
]
const DEADLINE_OPTIONS: Array<[string, string]> = [
  ['', 'Any'],
  ['true', 'With deadline'],
  ['false', 'Without deadline'],
]
const SORT_OPTIONS: Array<[string, string]> = [
  ['-updated_at', 'Recently updated'],
  ['-created_at', 'Newest'],
  ['created_at', 'Oldest'],
  ['deadline_at', 'Deadline (soonest)'],
  ['-deadline_at', 'Deadline (latest)'],
  ['title', 'Title A–Z'],
  ['-title', 'Title Z–A'],
]

/** The select filters: the query key each sets, and the option that means "not set" (left out of the URL). */
const SELECT_FILTERS = [
  { key: 'status', id: 'notes-status', label: 'Status', unset: 'active', options: STATUS_OPTIONS },
  { key: 'has_deadline', id: 'notes-deadline', label: 'Deadline', unset: '', options: DEADLINE_OPTIONS },
  { key: 'sort', id: 'notes-sort', label: 'Sort', unset: '-updated_at', options: SORT_OPTIONS },
] as const

function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string
  label: string
  value: string
  options: Array<[string, string]>
  onChange: (value: string) => void
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        className="mt-1 rounded-md border border-slate-300 px-2 py-2 text-sm"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

function FilterForm({ filters, onFilters }: Pick<Props, 'filters' | 'onFilters'>) {
  const [q, setQ] = useState(filters.q ?? '')
  useEffect(() => setQ(filters.q ?? ''), [filters.q])

  function submit(event: FormEvent) {
    event.preventDefault()
    onFilters({ ...filters, q, page: undefined })
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" role="search">
      <Field
        label="Search notes"
        name="q"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Title, body or reference context"
        className="min-w-56 flex-1"
      />
      {SELECT_FILTERS.map(({ key, id, label, unset, options }) => (
        <FilterSelect
          key={key}
          id={id}
          label={label}
          value={filters[key] ?? unset}
          options={options}
          onChange={(v) => onFilters({ ...filters, [key]: v === unset ? undefined : v, page: undefined })}
        />
      ))}
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  )
}

/** The filterable, paginated list of the user's notes; each row opens its editor page. */
export function NotesListView({ list, filters, loading, error, onFilters, onRetry }: Props) {
  const meta = list.meta
  const page = meta.page
  return (
    <section aria-label="Notes list">
      <FilterForm filters={filters} onFilters={onFilters} />
      <div className="mt-6">
        {error ? (
          <ErrorState message={error} onRetry={onRetry} />
        ) : list.data.length === 0 ? (
          <EmptyState
            title={
              filters.q || filters.status || filters.has_deadline ? 'No notes match these filters' : 'No notes yet'
            }
          >
            <Link
              href={notesUrl.create()}
              className="mt-2 inline-block rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
            >
              Create your first note
            </Link>
          </EmptyState>
        ) : (
          <>
            <ul
              className={`divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white ${loading ? 'opacity-60' : ''}`}
              data-testid="notes-list"
              aria-busy={loading || undefined}
            >
              {list.data.map((note) => (
                <li key={note.id}>
                  <Link
                    href={notesUrl.show(note.id)}
                    className="flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50"
                    data-testid="note-row"
                  >
                    <span className="font-medium text-slate-900">{note.title}</span>
                    <span className="line-clamp-1 text-sm text-slate-500">{note.body || 'No body'}</span>
                    <span className="flex flex-wrap gap-3 text-xs text-slate-500">
                      {note.deadline_at ? (
                        <span>
                          Due <LocalTime value={note.deadline_at} />
                        </span>
                      ) : null}
                      {note.references.length ? (
                        <span>
                          {note.references.length} reference{note.references.length === 1 ? '' : 's'}
                        </span>
                      ) : null}
                      {note.status !== 'active' ? <span className="uppercase">{note.status}</span> : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm">
              <span className="text-slate-600">
                Page {meta.page} of {meta.last_page} · {meta.total} note{meta.total === 1 ? '' : 's'}
              </span>
              <span className="flex gap-2">
                <Button
                  variant="secondary"
                  disabled={page <= 1 || loading}
                  onClick={() => onFilters({ ...filters, page: String(page - 1) })}
                >
                  Previous
                </Button>
                <Button
                  variant="secondary"
                  disabled={page >= meta.last_page || loading}
                  onClick={() => onFilters({ ...filters, page: String(page + 1) })}
                >
                  Next
                </Button>
              </span>
            </nav>
          </>
        )}
      </div>
    </section>
  )
}
