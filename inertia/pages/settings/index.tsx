import { useState, type FormEvent, type MouseEvent, type ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Field } from '~/components/field'
import { Button } from '~/components/button'
import { AccountForm, EmailField, NewPasswordField, PasswordField } from '~/components/account_form'
import { Banner } from '~/components/banner'
import { VerificationBanner } from '~/components/verification_banner'
import { useToast } from '~/components/toast'
import { api, ApiRequestError } from '~/lib/api'
import { useShared, type SharedUser } from '~/lib/page_props'
import { formError, useAccountForm, useFormSubmit } from '~/components/auth_form'
import { urlFor } from '~/client'

function Section({
  title,
  description,
  children,
  testId,
}: {
  title: string
  description?: string
  children: ReactNode
  testId: string
}) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid={testId}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  )
}

function ProfileForm({ user, onSaved }: { user: SharedUser; onSaved: (u: SharedUser) => void }) {
  const toast = useToast()
  const form = useAccountForm({ username: user.username ?? '' })
  function submit(event: FormEvent) {
    return form.submit(
      event,
      async () => {
        const res = await api<{ user: SharedUser }>(urlFor('api.auth.profile.update'), {
          method: 'PATCH',
          body: { username: form.values.username.trim() || null },
        })
        onSaved(res.user)
        toast('success', 'Profile saved')
      },
      // A taken username answers CONFLICT with its own copy (not the email-in-use text).
      {
        message: (err) =>
          err instanceof ApiRequestError && err.code === 'CONFLICT' ? err.body.message : formError(err),
      }
    )
  }
  return (
    <AccountForm id="profile" onSubmit={submit} form={form} submitLabel="Save profile">
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        maxLength={30}
        hint="3 to 30 letters, digits, dots, dashes or underscores."
        {...form.bind('username', 'profile-username')}
      />
    </AccountForm>
  )
}

function EmailForm({ user, onSaved }: { user: SharedUser; onSaved: (u: SharedUser) => void }) {
  const [done, setDone] = useState<string | null>(null)
  const form = useAccountForm({ email: '', current_password: '' })
  function submit(event: FormEvent) {
    setDone(null)
    return form.submit(event, async () => {
      const res = await api<{ user: SharedUser }>(urlFor('api.auth.email.update'), {
        method: 'PATCH',
        body: form.values,
      })
      onSaved(res.user)
      setDone(`We sent a verification link to ${res.user.email}.`)
      form.reset()
    })
  }
  const current = (
    <p className="text-sm text-slate-700">
      Current address: <strong data-testid="settings-current-email">{user.email}</strong>{' '}
      {user.email_verified ? (
        <span className="text-green-700">(verified)</span>
      ) : (
        <span className="text-amber-700">(not verified)</span>
      )}
    </p>
  )
  return (
    <AccountForm id="email" onSubmit={submit} form={form} submitLabel="Change email" lead={current}>
      {done ? (
        <Banner tone="success" testId="email-done">
          {done}
        </Banner>
      ) : null}
      <EmailField label="New email" name="new_email" {...form.bind('email', 'email-new')} />
      <PasswordField
        label="Current password"
        name="email_current_password"
        {...form.bind('current_password', 'email-current-password')}
      />
    </AccountForm>
  )
}

function PasswordForm() {
  const toast = useToast()
  const form = useAccountForm({ current_password: '', password: '' })
  function submit(event: FormEvent) {
    return form.submit(event, async () => {
      await api(urlFor('api.auth.password.update'), { method: 'PATCH', body: form.values })
      toast('success', 'Password changed. Other devices were signed out.')
      form.reset()
    })
  }
  return (
    <AccountForm id="password" onSubmit={submit} form={form} submitLabel="Change password">
      <PasswordField
        label="Current password"
        name="current_password"
        {...form.bind('current_password', 'password-current')}
      />
      <NewPasswordField name="new_password" {...form.bind('password', 'password-new')} />
    </AccountForm>
  )
}

function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false)
  const { busy, error, submit } = useFormSubmit()
  function run(event: MouseEvent) {
    return submit(
      event,
      async () => {
        await api(urlFor('api.auth.logout_everywhere'), { method: 'POST' })
        window.location.assign(urlFor('pages.auth.login'))
      },
      { keepBusyOnSuccess: true }
    )
  }
  return (
    <div className="space-y-3">
      {error ? <Banner tone="error">{error}</Banner> : null}
      {confirming ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm text-slate-700">Sign out of every device, including this one?</span>
          <Button variant="danger" loading={busy} onClick={run} data-testid="logout-everywhere-confirm">
            Yes, sign out everywhere
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="logout-everywhere">
          Sign out everywhere
        </Button>
      )}
    </div>
  )
}

export default function Settings() {
  const { auth } = useShared()
  const [user, setUser] = useState<SharedUser | null>(auth.user)
  if (!user) return null
  return (
    <AppLayout banners={user.email_verified ? null : <VerificationBanner force />}>
      <Seo
        title="Settings – StudyHub"
        description="Your StudyHub profile, email address, password and sessions."
        robots="noindex, nofollow"
      />
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
          <Link route="pages.settings.billing" className="text-sm font-medium text-indigo-700 hover:underline">
            Billing and plan →
          </Link>
        </div>
        {[
          { title: 'Profile', testId: 'settings-profile', body: <ProfileForm user={user} onSaved={setUser} /> },
          {
            title: 'Email',
            description: 'Changing your email signs the new address up for verification.',
            testId: 'settings-email',
            body: <EmailForm user={user} onSaved={setUser} />,
          },
          {
            title: 'Password',
            description: 'Changing your password signs you out on every other device.',
            testId: 'settings-password',
            body: <PasswordForm />,
          },
          {
            title: 'Sessions',
            description: 'Lost a device? Sign out of StudyHub everywhere.',
            testId: 'settings-sessions',
            body: <SignOutEverywhere />,
          },
        ].map(({ body, ...section }) => (
          <Section key={section.testId} {...section}>
            {body}
          </Section>
        ))}
      </div>
    </AppLayout>
  )
}
