import { Button } from '~/components/button'

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed'

/** Saving… / Saved / Couldn’t save with Retry, announced to assistive technology. */
export function SaveIndicator({
  state,
  error,
  onRetry,
}: {
  state: SaveState
  error: string | null
  onRetry: () => void
}) {
  if (state === 'saving')
    return (
      <span role="status" data-save-state="saving" className="text-sm text-slate-500">
        Saving…
      </span>
    )
  if (state === 'saved')
    return (
      <span role="status" data-save-state="saved" className="text-sm text-green-700">
        Saved
      </span>
    )
  if (state === 'failed')
    return (
      <span role="alert" data-save-state="failed" className="flex items-center gap-2 text-sm text-red-700">
        Couldn’t save{error ? `: ${error}` : ''}.
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </span>
    )
  return null
}
