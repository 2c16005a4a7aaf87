import { useState, type FormEvent, type ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Field } from '~/components/field'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'
import { VerificationBanner } from '~/components/verification_banner'
import { useToast } from '~/components/toast'
import { api, ApiRequestError } from '~/lib/api'
import { useShared, type SharedUser } from '~/lib/page_props'
import { formError, useFormSubmit } from '~/components/auth_form'
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
  const [username, setUsername] = useState(user.username ?? '')
  const { busy, error, fields, submit: run } = useFormSubmit()
  function submit(event: FormEvent) {
    return run(
      event,
      async () => {
        const res = await api<{ user: SharedUser }>(urlFor('api.auth.profile.update'), {
          method: 'PATCH',
          body: { username: username.trim() || null },
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
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="profile-form">
      {error ? (
        <Banner tone="error" testId="profile-error">
          {error}
        </Banner>
      ) : null}
      <Field
        label="Username"
        name="username"
        maxLength={30}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={fields.username}
        hint="3 to 30 letters, digits, dots, dashes or underscores."
        data-testid="profile-username"
      />
      <Button type="submit" loading={busy} data-testid="profile-submit">
        Save profile
      </Button>
    </form>
  )
}

function EmailForm({ user, onSaved }: { user: SharedUser; onSaved: (u: SharedUser) => void }) {
  const [email, setEmail] = useState('')
  const [currentPassword, setCurrentPassword] = useState('')
  const [done, setDone] = useState<string | null>(null)
  const { busy, error, fields, submit: run } = useFormSubmit()
  function submit(event: FormEvent) {
    setDone(null)
    return run(event, async () => {
      const res = await api<{ user: SharedUser }>(urlFor('api.auth.email.update'), {
        method: 'PATCH',
        body: { email, current_password: currentPassword },
      })
      onSaved(res.user)
      setDone(`We sent a verification link to ${res.user.email}.`)
      setEmail('')
      setCurrentPassword('')
    })
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="email-form">
      <p className="text-sm text-slate-700">
        Current address: <strong data-testid="settings-current-email">{user.email}</strong>{' '}
        {user.email_verified ? (
          <span className="text-green-700">(verified)</span>
        ) : (
          <span className="text-amber-700">(not verified)</span>
        )}
      </p>
      {error ? (
        <Banner tone="error" testId="email-error">
          {error}
        </Banner>
      ) : null}
      {done ? (
        <Banner tone="success" testId="email-done">
          {done}
        </Banner>
      ) : null}
      <Field
        label="New email"
        name="new_email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fields.email}
        data-testid="email-new"
      />
      <Field
        label="Current password"
        name="email_current_password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
        error={fields.current_password}
        data-testid="email-current-password"
      />
      <Button type="submit" loading={busy} data-testid="email-submit">
        Change email
      </Button>
    </form>
  )
}

function PasswordForm() {
  const toast = useToast()
  const [currentPassword, setCurrentPassword] = useState('')
  const [password, setPassword] = useState('')
  const { busy, error, fields, submit: run } = useFormSubmit()
  function submit(event: FormEvent) {
    return run(event, async () => {
      await api(urlFor('api.auth.password.update'), {
        method: 'PATCH',
        body: { current_password: currentPassword, password },
      })
      toast('success', 'Password changed. Other devices were signed out.')
      setCurrentPassword('')
      setPassword('')
    })
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="password-form">
      {error ? (
        <Banner tone="error" testId="password-error">
          {error}
        </Banner>
      ) : null}
      <Field
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
        error={fields.current_password}
        data-testid="password-current"
      />
      <Field
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        minLength={8}
        maxLength={128}
        hint="8 to 128 characters."
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fields.password}
        data-testid="password-new"
      />
      <Button type="submit" loading={busy} data-testid="password-submit">
        Change password
      </Button>
    </form>
  )
}

function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function run() {
    setBusy(true)
    setError(null)
    try {
      await api(urlFor('api.auth.logout_everywhere'), { method: 'POST' })
      window.location.assign(urlFor('pages.auth.login'))
    } catch (err) {
      setError(formError(err))
      setBusy(false)
    }
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
      <Seo title="Settings – StudyHub" robots="noindex, nofollow" />
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
          <Link route="pages.settings.billing" className="text-sm font-medium text-indigo-700 hover:underline">
            Billing and plan →
          </Link>
        </div>
        <Section title="Profile" testId="settings-profile">
          <ProfileForm user={user} onSaved={setUser} />
        </Section>
        <Section
          title="Email"
          description="Changing your email signs the new address up for verification."
          testId="settings-email"
        >
          <EmailForm user={user} onSaved={setUser} />
        </Section>
        <Section
          title="Password"
          description="Changing your password signs you out on every other device."
          testId="settings-password"
        >
          <PasswordForm />
        </Section>
        <Section
          title="Sessions"
          description="Lost a device? Sign out of StudyHub everywhere."
          testId="settings-sessions"
        >
          <SignOutEverywhere />
        </Section>
      </div>
    </AppLayout>
  )
}
