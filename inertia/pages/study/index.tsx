import { useState } from 'react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { EmptyState } from '~/components/states'
import { groupEntries, KIND_LABELS, LibraryEntryRow, useLibraryDelete } from '~/components/study/library_entries'
import { urlFor } from '~/client'
import { StudyProgress } from '~/components/study/study_progress'
import type { StudyProgressJson } from '#shared/api/study_review'
import { LIBRARY_KINDS, type LibraryEntryJson, type LibraryKind, type PaginatedMeta } from '#shared/api/study'
import { SearchSubmit } from '~/components/catalog/search_box'

type Props = {
  library: { data: LibraryEntryJson[]; meta: PaginatedMeta }
  filters: { kind: LibraryKind | null; q: string }
  progress: StudyProgressJson
}

function pageHref(filters: Props['filters'], page: number) {
  const qs: Record<string, string | number> = {}
  if (filters.q) qs.q = filters.q
  if (filters.kind) qs.kind = filters.kind
  if (page > 1) qs.page = page
  return urlFor('pages.study.index', {}, { qs })
}

/** /study: everything the student generated, grouped by course or document, newest first (issue 27). */
export default function StudyLibrary({ library, filters, progress }: Props) {
  const [entries, setEntries] = useState(library.data)
  const [total, setTotal] = useState(library.meta.total)
  const remover = useLibraryDelete((gone) => {
    setEntries((list) => list.filter((e) => !(e.kind === gone.kind && e.id === gone.id)))
    setTotal((n) => Math.max(0, n - 1))
  })
  const { page, last_page: lastPage } = library.meta
  const filtered = Boolean(filters.q || filters.kind)
  const groups = groupEntries(entries)

  return (
    <AppLayout>
      <Seo
        title="My study library"
        description="Your saved summaries, flashcards, study guides and practice tests."
        robots="noindex, nofollow"
      />
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">My study library</h1>
        <a href={urlFor('pages.ai.hub')} className="text-sm font-medium text-indigo-700 underline">
          Make something new
        </a>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Every summary, flashcard set, study guide, trivia game and course you made, kept for you.
      </p>

      {progress.sets.length > 0 ? (
        <div className="mt-6">
          <StudyProgress progress={progress} />
        </div>
      ) : null}

      <form
        method="get"
        action={urlFor('pages.study.index')}
        role="search"
        className="mt-6 flex flex-wrap items-end gap-3"
        data-testid="library-search"
      >
        <label className="flex min-w-0 flex-1 flex-col text-sm font-medium text-slate-700">
          Search your library
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={200}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        <label className="flex flex-col text-sm font-medium text-slate-700">
          Kind
          <select
            name="kind"
            defaultValue={filters.kind ?? ''}
            className="mt-1 rounded-md border border-slate-300 px-2 py-2 font-normal"
          >
            <option value="">Everything</option>
            {LIBRARY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <SearchSubmit />
      </form>

      <p className="mt-4 text-sm text-slate-600" aria-live="polite" data-testid="library-count">
        {total === 1 ? '1 item' : `${total} items`}
        {filtered ? (total === 1 ? ' matches your search' : ' match your search') : ''}
      </p>

      <div className="mt-4 space-y-8" data-testid="library">
        {entries.length === 0 ? (
          filtered ? (
            <EmptyState title="Nothing matches your search">
              <a href={urlFor('pages.study.index')} className="text-indigo-700 underline">
                Show everything
              </a>
            </EmptyState>
          ) : page > 1 ? (
            <EmptyState title="This page is empty">
              <a href={pageHref(filters, 1)} className="text-indigo-700 underline">
                Back to the first page
              </a>
            </EmptyState>
          ) : (
            <EmptyState title="Your study library is empty">
              Summaries, flashcards, study guides, trivia games and courses you make with the{' '}
              <a href={urlFor('pages.ai.hub')} className="text-indigo-700 underline">
                AI tools
              </a>{' '}
              are kept here.
            </EmptyState>
          )
        ) : (
          groups.map((group) => (
            <section
              key={group.key}
              aria-labelledby={`group-${group.key.replace(':', '-')}`}
              data-testid="library-group"
            >
              <h2
                id={`group-${group.key.replace(':', '-')}`}
                className="mb-2 break-words text-lg font-semibold text-slate-800"
              >
                {group.href ? (
                  <a href={group.href} className="hover:text-indigo-700">
                    {group.title}
                  </a>
                ) : (
                  group.title
                )}
              </h2>
              <ul className="space-y-2">
                {group.entries.map((entry) => (
                  <LibraryEntryRow key={`${entry.kind}:${entry.id}`} entry={entry} onDelete={remover.ask} />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>

      {lastPage > 1 ? (
        <nav
          aria-label="Library pages"
          className="mt-6 flex items-center justify-between text-sm"
          data-testid="library-pagination"
        >
          {page > 1 ? (
            <a href={pageHref(filters, page - 1)} rel="prev" className="text-indigo-700 underline">
              Previous page
            </a>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Page {Math.min(page, lastPage)} of {lastPage}
          </span>
          {page < lastPage ? (
            <a href={pageHref(filters, page + 1)} rel="next" className="text-indigo-700 underline">
              Next page
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      {remover.dialog}
    </AppLayout>
  )
}
