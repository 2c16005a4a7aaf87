import { Button } from '~/components/button'
import { VerificationBanner } from '~/components/verification_banner'
import { readingLabel, type ReadingProgress } from '~/components/upload_progress'

export type UploadedDocument = { id: string; slug: string; title: string; ingest_status: string }

export type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'processing' }
  | { kind: 'error'; message: string; code: string; upgradeUrl?: string; retryable?: boolean }
  | { kind: 'done'; document: UploadedDocument }

/** The upload bar while the file is sent, then the reading stage while the server extracts its text. */
export function UploadProgressBar({
  state,
  reading,
}: {
  state: Extract<UploadState, { kind: 'uploading' | 'processing' }>
  reading: ReadingProgress | null
}) {
  return (
    <div>
      <div className="flex justify-between text-xs text-slate-600">
        <span data-testid="upload-stage" aria-live="polite">
          {state.kind === 'processing' ? readingLabel(reading) : 'Uploading…'}
        </span>
        <span>{state.kind === 'processing' ? '100%' : `${state.progress}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.kind === 'processing' ? 100 : state.progress}
        className="mt-1 h-2 overflow-hidden rounded bg-slate-200"
      >
        <div
          className="h-full bg-indigo-600 transition-all"
          style={{ width: `${state.kind === 'processing' ? 100 : state.progress}%` }}
        />
      </div>
    </div>
  )
}

/** A failed upload: the verification banner, or the message with an upgrade link or a retry. */
export function UploadErrorNotice({
  state,
  file,
  onRetry,
}: {
  state: Extract<UploadState, { kind: 'error' }>
  file: File | null
  onRetry: () => void
}) {
  return state.code === 'EMAIL_NOT_VERIFIED' ? (
    <VerificationBanner />
  ) : (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      data-testid="upload-error"
    >
      <p>{state.message}</p>
      {state.upgradeUrl ? (
        <a href={state.upgradeUrl} className="mt-1 inline-block font-semibold underline">
          See plans and upgrade
        </a>
      ) : file && state.retryable ? (
        <Button variant="secondary" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  )
}
