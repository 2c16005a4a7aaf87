import { useState } from 'react'
import { Banner } from '~/components/banner'
import { ErrorState } from '~/components/states'
import { VerificationBanner } from '~/components/verification_banner'
import { ApiRequestError, errorMessage } from '~/lib/api'

export type Failure = { code: string; message: string; upgradeUrl?: string; retry: () => void }

/** Runs an API call with the in-flight / error / retry states every tool shares. */
export function useRequest() {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  async function run<T>(call: () => Promise<T>, onSuccess: (value: T) => void) {
    const attempt = async () => {
      setBusy(true)
      setFailure(null)
      try {
        onSuccess(await call())
      } catch (error) {
        const e = error instanceof ApiRequestError ? error : null
        setFailure({
          code: e?.code || 'ERROR',
          message: errorMessage(error),
          upgradeUrl: typeof e?.body.upgrade_url === 'string' ? e.body.upgrade_url : undefined,
          retry: attempt,
        })
      } finally {
        setBusy(false)
      }
    }
    await attempt()
  }
  return { busy, failure, run, clear: () => setFailure(null) }
}

/** EMAIL_NOT_VERIFIED → the verification banner (not a toast); free plan → upgrade prompt; else Try again. */
export function FailureView({ failure }: { failure: Failure | null }) {
  if (!failure) return null
  if (failure.code === 'EMAIL_NOT_VERIFIED') {
    return (
      <div className="space-y-2" data-testid="tool-unverified">
        <VerificationBanner />
        <Banner tone="warning">Please verify your email address to use the AI tools.</Banner>
      </div>
    )
  }
  if (failure.upgradeUrl) {
    return (
      <Banner tone="info" testId="tool-upgrade">
        <p>{failure.message}</p>
        <a href={failure.upgradeUrl} className="mt-1 inline-block font-semibold text-indigo-700 underline">
          Upgrade to Pro or Plus
        </a>
      </Banner>
    )
  }
  return <ErrorState message={failure.message} onRetry={failure.retry} />
}
