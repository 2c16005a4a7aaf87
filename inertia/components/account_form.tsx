import { useEffect, useRef, type ComponentProps, type FormEvent, type ReactNode } from 'react'
import { Field } from '~/components/field'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'

type ShellProps = {
  /** The test id prefix: `<id>-form`, `<id>-error`, `<id>-submit`. */
  id: string
  onSubmit: (event: FormEvent) => unknown
  /** The pending state and the banner message, as `useAccountForm` returns them. */
  form: { busy: boolean; error: string | null; failures?: number }
  submitLabel: string
  /**
   * Given on the full-page account forms: they post natively until React hydrated, so the submit
   * stays disabled (and `data-ready` false) until then, and spans the card.
   */
  hydrated?: boolean
  /** Shown above the error banner. */
  lead?: ReactNode
  /** Shown below the submit button. */
  footer?: ReactNode
  children: ReactNode
}

/** The account forms' shell: the error banner, the fields, the submit button with its pending state. */
export function AccountForm({ id, onSubmit, form, submitLabel, hydrated, lead, footer, children }: ShellProps) {
  const { busy, error } = form
  const page = hydrated !== undefined
  const ref = useRef<HTMLFormElement | null>(null)
  useFocusOnFailure(ref, form.failures)
  return (
    <form
      ref={ref}
      method={page ? 'post' : undefined}
      onSubmit={onSubmit}
      noValidate
      data-ready={page ? String(hydrated) : undefined}
      className="space-y-4"
      data-testid={`${id}-form`}
    >
      {lead}
      {error ? (
        <Banner tone="error" testId={`${id}-error`}>
          {error}
        </Banner>
      ) : null}
      {children}
      <Button
        type="submit"
        loading={busy}
        className={page ? 'w-full' : undefined}
        data-testid={`${id}-submit`}
        disabled={page ? !hydrated : undefined}
      >
        {submitLabel}
      </Button>
      {footer}
    </form>
  )
}

/**
 * After each failed submit, focus goes to the first field marked invalid, else to the error
 * banner: the submit button was disabled while busy, so focus would otherwise fall to the page.
 */
export function useFocusOnFailure(ref: { current: HTMLElement | null }, failures = 0) {
  useEffect(() => {
    if (!failures || !ref.current) return
    const target =
      ref.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      ref.current.querySelector<HTMLElement>('[role="alert"]')
    if (!target) return
    if (!target.matches('input, select, textarea, button')) target.tabIndex = -1
    target.focus()
  }, [failures])
}

type Preset = Omit<ComponentProps<typeof Field>, 'label'> & { label?: string }

export function EmailField({ label = 'Email', ...rest }: Preset) {
  return <Field label={label} name="email" type="email" autoComplete="email" {...rest} />
}

/** A password the user already has (sign-in, confirming a change). */
export function PasswordField({ label = 'Password', ...rest }: Preset) {
  return <Field label={label} name="password" type="password" autoComplete="current-password" {...rest} />
}

/** A password being chosen, with the length rule docs/rules/accounts.md#signup gives. */
export function NewPasswordField({ label = 'New password', ...rest }: Preset) {
  return (
    <PasswordField
      label={label}
      autoComplete="new-password"
      minLength={8}
      maxLength={128}
      hint="8 to 128 characters."
      {...rest}
    />
  )
}

/** "Continue with Google" under the sign-in and sign-up cards. */
export function GoogleButton({ href, testId }: { href: string; testId: string }) {
  return (
    <div className="mt-4">
      <a
        href={href}
        className="flex w-full items-center justify-center rounded-md px-3 py-2 text-sm font-semibold ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
        data-testid={testId}
      >
        Continue with Google
      </a>
    </div>
  )
}
