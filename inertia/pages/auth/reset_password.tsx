import { useState, type FormEvent } from 'react'
import { useHydrated } from '~/components/auth_form'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Field } from '~/components/field'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'
import { ErrorState } from '~/components/states'
import { api, ApiRequestError } from '~/lib/api'
import { AuthCard, fieldErrors, formError } from '~/components/auth_form'
import { urlFor } from '~/client'

const REASONS: Record<string, string> = {
  used: 'This reset link has already been used.',
  expired: 'This reset link has expired.',
  invalid: 'This reset link is invalid.',
}

export default function ResetPassword({ token }: { token: string | null }) {
  const hydrated = useHydrated()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : REASONS.invalid)
  const [fields, setFields] = useState<Record<string, string>>({})

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setFields({})
    if (password !== confirm) {
      setFields({ confirm: 'The passwords do not match.' })
      return
    }
    setBusy(true)
    try {
      await api(urlFor('api.auth.reset_password'), { method: 'POST', body: { token, password } })
      setDone(true)
    } catch (err) {
      const reason = err instanceof ApiRequestError ? (err.body.reason as string | undefined) : undefined
      if (reason && REASONS[reason]) setLinkProblem(REASONS[reason])
      else {
        setFields(fieldErrors(err))
        setError(formError(err))
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <AppLayout>
      <Seo title="Choose a new password – StudyHub" robots="noindex, nofollow" />
      <Head>
        <meta head-key="referrer" name="referrer" content="no-referrer" />
      </Head>
      <AuthCard title="Choose a new password">
        {done ? (
          <Banner tone="success" testId="reset-done">
            Your password has been changed.{' '}
            <Link route="pages.auth.login" className="font-medium underline">
              Sign in
            </Link>
          </Banner>
        ) : linkProblem ? (
          <div data-testid="reset-link-problem">
            <ErrorState message={linkProblem} />
            <p className="mt-4 text-sm">
              <Link route="pages.auth.forgot_password" className="text-indigo-700 hover:underline">
                Request a new link
              </Link>
            </p>
          </div>
        ) : (
          <form
            method="post"
            onSubmit={submit}
            noValidate
            data-ready={hydrated ? 'true' : 'false'}
            className="space-y-4"
            data-testid="reset-form"
          >
            {error ? <Banner tone="error">{error}</Banner> : null}
            <Field
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={8}
              maxLength={128}
              hint="8 to 128 characters."
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={fields.password}
              data-testid="reset-password"
            />
            <Field
              label="Repeat the new password"
              name="confirm"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={fields.confirm}
              data-testid="reset-confirm"
            />
            <Button type="submit" loading={busy} className="w-full" data-testid="reset-submit" disabled={!hydrated}>
              Save new password
            </Button>
          </form>
        )}
      </AuthCard>
    </AppLayout>
  )
}
