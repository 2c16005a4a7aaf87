import { useState, type FormEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { api } from '~/lib/api'
import { AuthCard, useAccountForm, useHydrated } from '~/components/auth_form'
import { AccountForm, EmailField, GoogleButton, PasswordField } from '~/components/account_form'
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
  const [remember, setRemember] = useState(true)
  const form = useAccountForm(
    { email: '', password: '' },
    providerError && Object.hasOwn(PROVIDER_ERRORS, providerError) ? PROVIDER_ERRORS[providerError] : null
  )

  function submit(event: FormEvent) {
    return form.submit(
      event,
      async () => {
        await api(urlFor('api.auth.login'), { method: 'POST', body: { ...form.values, remember } })
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
        path="/login"
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
        <AccountForm id="login" onSubmit={submit} form={form} submitLabel="Sign in" hydrated={hydrated}>
          <EmailField required {...form.bind('email', 'login-email')} />
          <PasswordField required {...form.bind('password', 'login-password')} />
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
        </AccountForm>
        {googleEnabled ? (
          <GoogleButton
            href={urlFor('pages.auth.google.redirect', {}, { qs: { next: next || undefined } })}
            testId="google-signin"
          />
        ) : null}
      </AuthCard>
    </AppLayout>
  )
}
