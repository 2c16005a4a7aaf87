import { useState } from 'react'
import { Banner } from '~/components/banner'
import { Button } from '~/components/button'
import { api, ApiRequestError } from '~/lib/api'
import { useShared } from '~/lib/page_props'
import { urlFor } from '~/client'
import { COPY } from '~/components/auth_form'

/**
 * The email verification banner (docs/rules/accounts.md#signup): shown while the signed-in user's
 * email_verified is not true (and wherever an API answered EMAIL_NOT_VERIFIED: pass `force`), with a "Resend
 * verification email" button in loading, success and error states. Renders nothing for verified users and
 * visitors. Usage: <VerificationBanner />
 */
export function VerificationBanner({ force = false, className = '' }: { force?: boolean; className?: string }) {
  const { auth } = useShared()
  const user = auth?.user
  const { status, error, resend } = useResendVerification(true)

  if (!user || (user.email_verified === true && !force)) return null

  return (
    <Banner tone="warning" testId="verification-banner" className={className}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          Please verify your email address (<strong>{user.email}</strong>) to use AI tools and uploads. Check your inbox
          for the link.
        </p>
        {status === 'sent' ? (
          <span className="font-medium text-green-800" data-testid="verification-resend-success" role="status">
            Sent! Check your inbox.
          </span>
        ) : (
          <Button variant="secondary" onClick={resend} loading={status === 'loading'} data-testid="verification-resend">
            Resend verification email
          </Button>
        )}
      </div>
      {status === 'error' && error ? (
        <p className="mt-2 text-red-800" data-testid="verification-resend-error" role="alert">
          {error}
        </p>
      ) : null}
    </Banner>
  )
}

/**
 * Resend the verification email: idle → loading → sent, or error with a message. A 429 says
 * "too many attempts" (in the server's words when `serverWords`).
 */
export function useResendVerification(serverWords: boolean) {
  const [status, setStatus] = useState<'idle' | 'loading' | 'sent' | 'error'>('idle')
  const [error, setError] = useState<string | null>(null)
  async function resend() {
    setStatus('loading')
    setError(null)
    try {
      await api(urlFor('api.auth.resend_verification'), { method: 'POST' })
      setStatus('sent')
    } catch (err) {
      setStatus('error')
      const tooMany = err instanceof ApiRequestError && err.code === 'TOO_MANY_REQUESTS'
      setError(
        tooMany ? (serverWords && err.body.message) || COPY.tooMany : 'We could not send the email. Please try again.'
      )
    }
  }
  return { status, error, resend }
}
