import { useState, type FormEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Field } from '~/components/field'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'
import { api } from '~/lib/api'
import { useShared } from '~/lib/page_props'
import { AuthCard, formError, useFormSubmit, useHydrated } from '~/components/auth_form'
import { urlFor } from '~/client'
import { safeNextPath } from '~/lib/safe_next_path'

type Props = { next: string; google_enabled: boolean }

export default function Signup({ next, google_enabled: googleEnabled }: Props) {
  const hydrated = useHydrated()
  const { app } = useShared()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [username, setUsername] = useState('')
  const { busy, error, fields, submit: run } = useFormSubmit()

  function submit(event: FormEvent) {
    return run(
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
        canonical={`${app.url}/signup`}
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
        <form
          method="post"
          onSubmit={submit}
          noValidate
          data-ready={hydrated ? 'true' : 'false'}
          className="space-y-4"
          data-testid="signup-form"
        >
          {error ? (
            <Banner tone="error" testId="signup-error">
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
            data-testid="signup-email"
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            hint="8 to 128 characters."
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fields.password}
            data-testid="signup-password"
          />
          <Field
            label="Username (optional)"
            name="username"
            autoComplete="username"
            maxLength={30}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={fields.username}
            data-testid="signup-username"
          />
          <Button type="submit" loading={busy} className="w-full" data-testid="signup-submit" disabled={!hydrated}>
            Create account
          </Button>
          <p className="text-xs text-slate-500">We will send you a link to verify your email address.</p>
        </form>
        {googleEnabled ? (
          <div className="mt-4">
            <a
              href={urlFor('pages.auth.google.redirect')}
              className="flex w-full items-center justify-center rounded-md px-3 py-2 text-sm font-semibold ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
              data-testid="google-signup"
            >
              Continue with Google
            </a>
          </div>
        ) : null}
      </AuthCard>
    </AppLayout>
  )
}
