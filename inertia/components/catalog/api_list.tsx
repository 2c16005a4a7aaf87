import type { ReactNode } from 'react'
import { ErrorState, LoadingState } from '~/components/states'

/**
 * The loading → error → empty → list states of a `useApi` list (workspace and dashboard
 * panels). `items` are the loaded rows; `children` renders them when there is at least one.
 */
export function ApiList<T>({
  state,
  items,
  empty,
  children,
}: {
  state: { loading: boolean; error: string | null; reload: () => void }
  items: T[] | undefined
  empty: ReactNode
  children: (items: T[]) => ReactNode
}) {
  if (state.loading) return <LoadingState />
  if (state.error) return <ErrorState message={state.error} onRetry={state.reload} />
  if (!items?.length) return <>{empty}</>
  return <>{children(items)}</>
}
