import type { ReactNode } from 'react'
import { EmptyState, ErrorState, LoadingState } from '~/components/states'

/**
 * The loading → error → empty → list states of a `useApi` list (workspace and dashboard
 * panels). `items` are the loaded rows (by default the `data` of a `{ data: [...] }` answer);
 * `children` renders them when there is at least one, else the EmptyState `emptyTitle` with `empty` under it.
 */
export function ApiList<T>({
  state,
  items,
  emptyTitle,
  empty,
  children,
}: {
  state: { loading: boolean; error: string | null; reload: () => void; data?: { data?: T[] } | object | null }
  items?: T[]
  emptyTitle: string
  empty?: ReactNode
  children: (items: T[]) => ReactNode
}) {
  // Without `items`, the answer is a `{ data: [...] }` list (the type above lets T come from it).
  const rows = items ?? (state.data as { data?: T[] } | null | undefined)?.data
  if (state.loading) return <LoadingState />
  if (state.error) return <ErrorState message={state.error} onRetry={state.reload} />
  if (!rows?.length) return <EmptyState title={emptyTitle}>{empty}</EmptyState>
  return <>{children(rows)}</>
}
