import { useState, type FormEvent } from 'react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Banner } from '~/components/banner'
import { api } from '~/lib/api'
import { AuthCard, AuthFooterLink, useAccountForm, useHydrated } from '~/components/auth_form'
import { AccountForm, EmailField } from '~/components/account_form'
import { urlFor } from '~/client'

export default function ForgotPassword() {
  const hydrated = useHydrated()
  const [sent, setSent] = useState(false)
  const form = useAccountForm({ email: '' })

  function submit(event: FormEvent) {
    return form.submit(event, async () => {
      await api(urlFor('api.auth.forgot_password'), { method: 'POST', body: form.values })
      setSent(true)
    })
  }

  return (
    <AppLayout>
      <Seo
        title="Reset your password – StudyHub"
        description="Forgot your StudyHub password? We will email you a link to choose a new one."
        robots="noindex, nofollow"
      />
      <AuthCard title="Reset your password" subtitle="We will email you a link to choose a new password.">
        {sent ? (
          <Banner tone="success" testId="forgot-sent">
            If an account exists for that address, a reset link is on its way. Check your inbox.
          </Banner>
        ) : (
          <AccountForm id="forgot" onSubmit={submit} form={form} submitLabel="Send reset link" hydrated={hydrated}>
            <EmailField required {...form.bind('email', 'forgot-email')} />
          </AccountForm>
        )}
        <AuthFooterLink route="pages.auth.login">Back to sign in</AuthFooterLink>
      </AuthCard>
    </AppLayout>
  )
}
