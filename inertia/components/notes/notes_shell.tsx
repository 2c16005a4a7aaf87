import type { ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { notesUrl } from '~/components/notes/notes_lib'

export type NotesView = 'list' | 'editor' | 'canvas'

const linkClass = (active: boolean) =>
  `rounded px-3 py-1.5 text-sm font-medium ${active ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`

/** One title per view, so the tab and a screen reader tell the three pages apart. */
const TITLES: Record<NotesView, (editorLabel: string) => string> = {
  list: () => 'Notes – StudyHub',
  editor: (label) => `${label === 'New note' ? 'New note' : 'Edit note'} – Notes – StudyHub`,
  canvas: () => 'Canvas – Notes – StudyHub',
}

/**
 * The frame of the three notes pages: title, the view switch and one New note button (issue 29:
 * a "New note" tab beside a "New note" button was two ways to say the same thing). The editor
 * appears as a tab only while it is the current view.
 */
export function NotesShell({
  view,
  editorLabel = 'New note',
  children,
}: {
  view: NotesView
  editorLabel?: string
  children: ReactNode
}) {
  const creating = view === 'editor' && editorLabel === 'New note'
  const tabs = [
    { id: 'list' as const, label: 'List', href: notesUrl.index() },
    ...(view === 'editor' ? [{ id: 'editor' as const, label: editorLabel, href: notesUrl.create() }] : []),
    { id: 'canvas' as const, label: 'Canvas', href: notesUrl.canvas() },
  ]
  return (
    <AppLayout wide>
      <Seo
        title={TITLES[view](editorLabel)}
        description="Your structured notes on StudyHub: write them, link them to documents, lay them out on a canvas."
        robots="noindex, nofollow"
      />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Notes</h1>
        <div className="flex items-center gap-2">
          <nav aria-label="Notes view" className="flex rounded-md border border-slate-300 bg-white p-0.5">
            {tabs.map((tab) =>
              tab.id === view ? (
                <span key={tab.id} aria-current="page" data-testid={`mode-${tab.id}`} className={linkClass(true)}>
                  {tab.label}
                </span>
              ) : (
                <Link key={tab.id} href={tab.href} data-testid={`mode-${tab.id}`} className={linkClass(false)}>
                  {tab.label}
                </Link>
              )
            )}
          </nav>
          {creating ? null : (
            <Link
              href={notesUrl.create()}
              data-testid="new-note"
              className="inline-flex items-center rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
            >
              New note
            </Link>
          )}
        </div>
      </div>
      {children}
    </AppLayout>
  )
}
