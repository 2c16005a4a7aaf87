import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { ApiRequestError } from '~/lib/api'
import type { RouteName } from '~/client'

/**
 * Shared bits of the account pages: the card and the copy for the codes docs/rules/accounts.md#sessions
 * "Errors" names.
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {subtitle ? <div className="mt-1 text-sm text-slate-600">{subtitle}</div> : null}
      <div className="mt-6">{children}</div>
    </div>
  )
}

/** The way on from an account card ("Back to sign in", "Request a new link"). */
export function AuthFooterLink({ route, children }: { route: RouteName; children: ReactNode }) {
  return (
    <p className="mt-4 text-sm">
      <Link route={route} className="text-indigo-700 hover:underline">
        {children}
      </Link>
    </p>
  )
}

export const COPY = {
  tooMany: 'Too many attempts. Please try again later.',
  inUse: 'Email is already in use',
  generic: 'Something went wrong. Please try again.',
}

/** Field errors from a 400 validation body, keyed by field. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.body.errors) return {}
  const out: Record<string, string> = {}
  for (const e of error.body.errors) if (!out[e.field]) out[e.field] = e.message
  return out
}

/**
 * One message per error code (docs/rules/hardening.md#error-body): TOO_MANY_REQUESTS → generic try-again-later
 * copy (never telling whether an address exists), CONFLICT → the same copy for literal and canonical
 * duplicates, BAD_REQUEST → the server's message (e.g. the disposable-provider text).
 */
export function formError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'TOO_MANY_REQUESTS') return COPY.tooMany
    if (error.code === 'CONFLICT') return COPY.inUse
    if (error.code === 'BAD_REQUEST' || error.code === 'FORBIDDEN' || error.code === 'NETWORK_ERROR') {
      return error.body.message || COPY.generic
    }
  }
  return COPY.generic
}

/** False during SSR and until React hydrated: forms stay disabled so nothing submits natively. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

type SubmitOptions = {
  /** The banner text for a failure (default `formError`); null shows no banner. */
  message?: (error: unknown, fields: Record<string, string>) => string | null
  /** A check before the call: field errors it returns stop the submit. */
  check?: () => Record<string, string> | null
  /** Keep the button busy after success (the form navigates away). */
  keepBusyOnSuccess?: boolean
}

/**
 * The submit cycle every account form shares: busy while the call runs, the previous error and
 * field errors cleared first, then field errors keyed by field and one banner message.
 */
export function useFormSubmit(initialError: string | null = null) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(initialError)
  const [fields, setFields] = useState<Record<string, string>>({})
  // Counts failed submits, so the form can move focus to what went wrong after each one.
  const [failures, setFailures] = useState(0)

  async function submit(
    event: Pick<FormEvent, 'preventDefault'>,
    action: () => Promise<unknown>,
    options: SubmitOptions = {}
  ) {
    event.preventDefault()
    setError(null)
    setFields({})
    const invalid = options.check?.()
    if (invalid) {
      setFields(invalid)
      setFailures((n) => n + 1)
      return
    }
    setBusy(true)
    try {
      await action()
      if (!options.keepBusyOnSuccess) setBusy(false)
    } catch (err) {
      const found = fieldErrors(err)
      setFields(found)
      setError(options.message ? options.message(err, found) : formError(err))
      setBusy(false)
      setFailures((n) => n + 1)
    }
  }

  return { busy, error, fields, failures, submit }
}

/**
 * `useFormSubmit` plus the text values of the form, keyed like the API's fields so that `bind`
 * hands a Field its value, its setter, its error and its test id in one spread.
 */
export function useAccountForm<T extends Record<string, string>>(initial: T, initialError: string | null = null) {
  const form = useFormSubmit(initialError)
  const [values, setValues] = useState<T>(initial)
  function bind(key: keyof T & string, testId: string) {
    return {
      'value': values[key],
      'onChange': (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: event.target.value })),
      'error': form.fields[key],
      'data-testid': testId,
    }
  }
  return { ...form, values, reset: () => setValues(initial), bind }
}
