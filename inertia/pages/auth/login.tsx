import { useState, type FormEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Field } from '~/components/field'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'
import { api } from '~/lib/api'
import { useShared } from '~/lib/page_props'
import { AuthCard, useFormSubmit, useHydrated } from '~/components/auth_form'
import { urlFor } from '~/client'
import { safeNextPath } from '~/lib/safe_next_path'

type Props = { next: string; google_enabled: boolean; error: string | null }

const PROVIDER_ERRORS: Record<string, string> = {
  google_cancelled: 'Google sign-in was cancelled.',
  google_state: 'Google sign-in expired. Please try again.',
  google_provider: 'Google sign-in is unavailable right now. Please try again later.',
  google_unverified: 'Your Google account email is not verified, so it cannot sign in to an existing account.',
  google_unproven_account:
    'An account with this email exists but its address has not been confirmed. Sign in with its password and confirm the address, or reset the password from the link we email you; then continue with Google.',
  google_disposable: 'This email provider is not supported',
  google_conflict: 'Email is already in use',
  google_not_configured: 'Google sign-in is not available.',
}

export default function Login({ next, google_enabled: googleEnabled, error: providerError }: Props) {
  const hydrated = useHydrated()
  const { app } = useShared()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(true)
  const {
    busy,
    error,
    fields,
    submit: run,
  } = useFormSubmit(providerError ? (PROVIDER_ERRORS[providerError] ?? null) : null)

  function submit(event: FormEvent) {
    return run(
      event,
      async () => {
        await api(urlFor('api.auth.login'), { method: 'POST', body: { email, password, remember } })
        window.location.assign(safeNextPath(next, '/dashboard'))
      },
      { keepBusyOnSuccess: true }
    )
  }

  const signupNext = next && next !== urlFor('pages.workspace.dashboard') ? next : undefined
  return (
    <AppLayout>
      <Seo
        title="Sign in – StudyHub"
        description="Sign in to your StudyHub account."
        canonical={`${app.url}/login`}
        robots="noindex, follow"
      />
      <AuthCard
        title="Sign in"
        subtitle={
          <>
            New here?{' '}
            <Link
              route="pages.auth.signup"
              qs={{ next: signupNext }}
              className="font-medium text-indigo-700 hover:underline"
            >
              Create an account
            </Link>
          </>
        }
      >
        <form
          method="post"
          onSubmit={submit}
          noValidate
          data-ready={hydrated ? 'true' : 'false'}
          className="space-y-4"
          data-testid="login-form"
        >
          {error ? (
            <Banner tone="error" testId="login-error">
              {error}
            </Banner>
          ) : null}
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fields.email}
            data-testid="login-email"
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fields.password}
            data-testid="login-password"
          />
          <div className="flex items-center justify-between text-sm">
            <label className="flex items-center gap-2 text-slate-700">
              <input
                type="checkbox"
                checked={remember}
                onChange={(e) => setRemember(e.target.checked)}
                data-testid="login-remember"
              />
              Keep me signed in
            </label>
            <Link route="pages.auth.forgot_password" className="text-indigo-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <Button type="submit" loading={busy} className="w-full" data-testid="login-submit" disabled={!hydrated}>
            Sign in
          </Button>
        </form>
        {googleEnabled ? (
          <div className="mt-4">
            <a
              href={urlFor('pages.auth.google.redirect', {}, { qs: { next: next || undefined } })}
              className="flex w-full items-center justify-center rounded-md px-3 py-2 text-sm font-semibold ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
              data-testid="google-signin"
            >
              Continue with Google
            </a>
          </div>
        ) : null}
      </AuthCard>
    </AppLayout>
  )
}
