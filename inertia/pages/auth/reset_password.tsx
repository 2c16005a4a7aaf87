import { useState, type FormEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Banner } from '~/components/banner'
import { ErrorState } from '~/components/states'
import { api, ApiRequestError } from '~/lib/api'
import { AuthCard, AuthFooterLink, formError, useAccountForm, useHydrated } from '~/components/auth_form'
import { AccountForm, NewPasswordField, PasswordField } from '~/components/account_form'
import { urlFor } from '~/client'

const REASONS: Record<string, string> = {
  used: 'This reset link has already been used.',
  expired: 'This reset link has expired.',
  invalid: 'This reset link is invalid.',
}

export default function ResetPassword({ token }: { token: string | null }) {
  const hydrated = useHydrated()
  const form = useAccountForm({ password: '', confirm: '' })
  const [done, setDone] = useState(false)
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : REASONS.invalid)

  function submit(event: FormEvent) {
    const { password, confirm } = form.values
    return form.submit(
      event,
      async () => {
        await api(urlFor('api.auth.reset_password'), { method: 'POST', body: { token, password } })
        setDone(true)
      },
      {
        check: () => (password === confirm ? null : { confirm: 'The passwords do not match.' }),
        // A used, expired or invalid token replaces the form with the link problem.
        message: (err) => {
          const reason = err instanceof ApiRequestError ? (err.body.reason as string | undefined) : undefined
          if (!reason || !REASONS[reason]) return formError(err)
          setLinkProblem(REASONS[reason])
          return null
        },
      }
    )
  }

  return (
    <AppLayout>
      <Seo
        title="Choose a new password – StudyHub"
        description="Choose a new password for your StudyHub account."
        robots="noindex, nofollow"
        noReferrer
      />
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
            <AuthFooterLink route="pages.auth.forgot_password">Request a new link</AuthFooterLink>
          </div>
        ) : (
          <AccountForm id="reset" onSubmit={submit} form={form} submitLabel="Save new password" hydrated={hydrated}>
            <NewPasswordField {...form.bind('password', 'reset-password')} />
            <PasswordField
              label="Repeat the new password"
              name="confirm"
              autoComplete="new-password"
              {...form.bind('confirm', 'reset-confirm')}
            />
          </AccountForm>
        )}
      </AuthCard>
    </AppLayout>
  )
}
