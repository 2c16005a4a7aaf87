import { useEffect, useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Button } from '~/components/button'
import { Spinner } from '~/components/spinner'
import { api, ApiRequestError } from '~/lib/api'
import { useShared } from '~/lib/page_props'
import { urlFor } from '~/client'
import { useResendVerification } from '~/components/verification_banner'

type State = 'verifying' | 'success' | 'used' | 'expired' | 'invalid' | 'error'

/**
 * One request per token for the life of the page: a double mount (React StrictMode, a
 * remount after navigation) reuses the same promise and never consumes the token twice.
 */
const attempts = new Map<string, Promise<State>>()

function verifyOnce(token: string): Promise<State> {
  let attempt = attempts.get(token)
  if (!attempt) {
    attempt = api(urlFor('api.auth.verify_email'), { method: 'POST', body: { token } })
      .then((): State => 'success')
      .catch((error): State => {
        const reason = error instanceof ApiRequestError ? error.body.reason : undefined
        if (reason === 'used' || reason === 'expired' || reason === 'invalid') return reason
        // A network or server failure may be retried with the same token.
        attempts.delete(token)
        return 'error'
      })
    attempts.set(token, attempt)
  }
  return attempt
}

function ResendButton() {
  const { auth } = useShared()
  const { status, error: message, resend } = useResendVerification(false)
  if (!auth.user) {
    return (
      <p className="text-sm">
        <Link
          route="pages.auth.login"
          qs={{ next: urlFor('pages.auth.settings') }}
          className="font-medium text-indigo-700 hover:underline"
          data-testid="verify-signin-to-resend"
        >
          Sign in to get a new link
        </Link>
      </p>
    )
  }
  if (status === 'sent') {
    return (
      <p className="text-sm text-green-800" data-testid="verify-resend-sent">
        A new verification link is on its way. Check your inbox.
      </p>
    )
  }
  return (
    <div>
      <Button onClick={resend} loading={status === 'loading'} data-testid="verify-resend">
        Send a new link
      </Button>
      {message ? (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  )
}

export default function VerifyEmail({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(token ? 'verifying' : 'error')
  const { subscription } = useShared()
  // Only Pro and Plus run AI tools: a free student is sent where verification helps them.
  const paid = Boolean(subscription?.isActivePaid)
  const next = paid
    ? { route: 'pages.ai.courses' as const, label: 'Go to AI courses' }
    : { route: 'pages.workspace.my_documents' as const, label: 'Go to My documents' }

  useEffect(() => {
    if (!token) return
    let live = true
    verifyOnce(token).then((result) => {
      if (live) setState(result)
    })
    return () => {
      live = false
    }
  }, [token])

  function retry() {
    if (!token) return
    setState('verifying')
    verifyOnce(token).then(setState)
  }

  return (
    <AppLayout>
      <Seo
        title="Verify your email – StudyHub"
        description="Confirm the email address of your StudyHub account."
        robots="noindex, nofollow"
        noReferrer
      />
      <div
        className="mx-auto w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        data-testid="verify-email"
        data-state={state}
      >
        <h1 className="text-2xl font-bold text-slate-900">Verify your email</h1>
        <div className="mt-6 space-y-4" aria-live="polite">
          {state === 'verifying' ? (
            <p className="flex items-center gap-2 text-slate-700" data-testid="verify-verifying">
              <Spinner label="Verifying" /> Verifying your email address…
            </p>
          ) : null}
          {state === 'success' ? (
            <div data-testid="verify-success" className="space-y-4">
              <p className="text-green-800">
                Your email address is verified.{' '}
                {paid ? 'AI tools and uploads are unlocked.' : 'You can upload documents now.'}
              </p>
              <div className="flex flex-wrap items-center gap-4">
                <Link
                  route={next.route}
                  className="inline-flex rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
                  data-testid="verify-continue"
                >
                  {next.label}
                </Link>
                {/* docs/rules/accounts.md#verification: success links to /ai-courses (free students: My documents first). */}
                {paid ? null : (
                  <Link
                    route="pages.ai.courses"
                    className="text-sm font-medium text-indigo-700 hover:underline"
                    data-testid="verify-ai-courses"
                  >
                    See AI courses
                  </Link>
                )}
              </div>
            </div>
          ) : null}
          {state === 'used' ? (
            <div data-testid="verify-used" className="space-y-2">
              <p className="text-slate-800">This verification link has already been used.</p>
              <p className="text-sm text-slate-600">
                If your email is verified you are all set.{' '}
                <Link route={next.route} className="text-indigo-700 hover:underline">
                  {next.label}
                </Link>
              </p>
            </div>
          ) : null}
          {state === 'expired' ? (
            <div data-testid="verify-expired" className="space-y-3">
              <p className="text-slate-800">This verification link has expired. Links work for 24 hours.</p>
              <ResendButton />
            </div>
          ) : null}
          {state === 'invalid' ? (
            <div data-testid="verify-invalid" className="space-y-3">
              <p className="text-slate-800">
                This verification link is invalid. Check that you opened the full link from the email.
              </p>
              <ResendButton />
            </div>
          ) : null}
          {state === 'error' ? (
            <div data-testid="verify-error" role="alert" className="space-y-3">
              {token ? (
                <>
                  <p className="text-red-800">We could not verify your email right now.</p>
                  <Button variant="secondary" onClick={retry} data-testid="verify-retry">
                    Try again
                  </Button>
                </>
              ) : (
                <p className="text-red-800">
                  This verification link is missing its token. Open the link from your email again.
                </p>
              )}
            </div>
          ) : null}
        </div>
      </div>
    </AppLayout>
  )
}
