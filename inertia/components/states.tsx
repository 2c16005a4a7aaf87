import type { ReactNode } from 'react'
import { Spinner } from '~/components/spinner'
import { Button } from '~/components/button'

/** The same loading, empty and error states on every page. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex items-center justify-center gap-2 py-10 text-slate-500" data-state="loading">
      <Spinner label={label} />
      <span>{label}</span>
    </div>
  )
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center" data-state="empty">
      <p className="font-medium text-slate-700">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-500">{children}</div> : null}
    </div>
  )
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-4 text-sm text-red-800"
      data-state="error"
    >
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  )
}

/** `children(items)`, or the loading state while `items` is null, or the empty state when there are none. */
export function ListStates<T>({
  items,
  emptyTitle,
  empty,
  children,
}: {
  items: T[] | null | undefined
  emptyTitle: string
  empty?: ReactNode
  children: (items: T[]) => ReactNode
}) {
  if (!items) return <LoadingState />
  if (!items.length) return <EmptyState title={emptyTitle}>{empty}</EmptyState>
  return <>{children(items)}</>
}
