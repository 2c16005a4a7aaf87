import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react'
import { Spinner } from '~/components/spinner'

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost'

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 focus-visible:outline-indigo-600',
  secondary: 'bg-white text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
  danger: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'text-slate-700 hover:bg-slate-100',
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>
  variant?: Variant
  loading?: boolean
  /**
   * Renders aria-disabled with an explanatory title instead of the native disabled
   * (docs/rules/billing.md#mutations).
   */
  disabledReason?: string
  children: ReactNode
}

export function Button({
  variant = 'primary',
  loading = false,
  disabledReason,
  className = '',
  children,
  onClick,
  disabled,
  ...rest
}: Props) {
  const softDisabled = Boolean(disabledReason)
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || loading}
      aria-disabled={softDisabled || disabled || loading ? true : undefined}
      aria-busy={loading || undefined}
      title={disabledReason ?? rest.title}
      onClick={softDisabled ? (event) => event.preventDefault() : onClick}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-semibold shadow-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${VARIANTS[variant]} ${className}`}
    >
      {loading ? <Spinner label="Working" /> : null}
      {children}
    </button>
  )
}
