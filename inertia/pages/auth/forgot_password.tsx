import { useState, type FormEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Field } from '~/components/field'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'
import { api } from '~/lib/api'
import { AuthCard, useFormSubmit, useHydrated } from '~/components/auth_form'
import { urlFor } from '~/client'

export default function ForgotPassword() {
  const hydrated = useHydrated()
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState(false)
  const { busy, error, fields, submit: run } = useFormSubmit()

  function submit(event: FormEvent) {
    return run(event, async () => {
      await api(urlFor('api.auth.forgot_password'), { method: 'POST', body: { email } })
      setSent(true)
    })
  }

  return (
    <AppLayout>
      <Seo title="Reset your password – StudyHub" robots="noindex, nofollow" />
      <AuthCard title="Reset your password" subtitle="We will email you a link to choose a new password.">
        {sent ? (
          <Banner tone="success" testId="forgot-sent">
            If an account exists for that address, a reset link is on its way. Check your inbox.
          </Banner>
        ) : (
          <form
            method="post"
            onSubmit={submit}
            noValidate
            data-ready={hydrated ? 'true' : 'false'}
            className="space-y-4"
            data-testid="forgot-form"
          >
            {error ? (
              <Banner tone="error" testId="forgot-error">
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
              data-testid="forgot-email"
            />
            <Button type="submit" loading={busy} className="w-full" data-testid="forgot-submit" disabled={!hydrated}>
              Send reset link
            </Button>
          </form>
        )}
        <p className="mt-4 text-sm">
          <Link route="pages.auth.login" className="text-indigo-700 hover:underline">
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    </AppLayout>
  )
}
