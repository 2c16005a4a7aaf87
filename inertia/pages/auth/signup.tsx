import type { FormEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Field } from '~/components/field'
import { api } from '~/lib/api'
import { AuthCard, formError, useAccountForm, useHydrated } from '~/components/auth_form'
import { AccountForm, EmailField, GoogleButton, NewPasswordField } from '~/components/account_form'
import { urlFor } from '~/client'
import { safeNextPath } from '~/lib/safe_next_path'

type Props = { next: string; google_enabled: boolean }

export default function Signup({ next, google_enabled: googleEnabled }: Props) {
  const hydrated = useHydrated()
  const form = useAccountForm({ email: '', password: '', username: '' })

  function submit(event: FormEvent) {
    const { email, password, username } = form.values
    return form.submit(
      event,
      async () => {
        await api(urlFor('api.auth.signup'), {
          method: 'POST',
          body: { email, password, ...(username.trim() ? { username: username.trim() } : {}) },
        })
        window.location.assign(safeNextPath(next, '/onboarding'))
      },
      {
        keepBusyOnSuccess: true,
        message: (err, found) =>
          Object.keys(found).length > 0 ? 'Please fix the highlighted fields.' : formError(err),
      }
    )
  }

  return (
    <AppLayout>
      <Seo
        title="Create your account – StudyHub"
        description="Create a free StudyHub account to study with AI summaries, flashcards and quizzes."
        path="/signup"
      />
      <AuthCard
        title="Create your account"
        subtitle={
          <>
            Already have one?{' '}
            <Link route="pages.auth.login" className="font-medium text-indigo-700 hover:underline">
              Sign in
            </Link>
          </>
        }
      >
        <AccountForm
          id="signup"
          onSubmit={submit}
          form={form}
          submitLabel="Create account"
          hydrated={hydrated}
          footer={<p className="text-xs text-slate-500">We will send you a link to verify your email address.</p>}
        >
          <EmailField required {...form.bind('email', 'signup-email')} />
          <NewPasswordField label="Password" required {...form.bind('password', 'signup-password')} />
          <Field
            label="Username (optional)"
            name="username"
            autoComplete="username"
            maxLength={30}
            {...form.bind('username', 'signup-username')}
          />
        </AccountForm>
        {googleEnabled ? <GoogleButton href={urlFor('pages.auth.google.redirect')} testId="google-signup" /> : null}
      </AuthCard>
    </AppLayout>
  )
}
