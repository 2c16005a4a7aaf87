import type { ReactNode } from 'react'

type Tone = 'info' | 'success' | 'warning' | 'error'

const TONES: Record<Tone, string> = {
  info: 'border-indigo-200 bg-indigo-50 text-indigo-900',
  success: 'border-green-200 bg-green-50 text-green-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-900',
}

export function Banner({
  tone = 'info',
  children,
  onDismiss,
  className = '',
  testId,
}: {
  tone?: Tone
  children: ReactNode
  onDismiss?: () => void
  className?: string
  testId?: string
}) {
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
      className={`flex items-start justify-between gap-4 rounded-md border px-4 py-3 text-sm ${TONES[tone]} ${className}`}
    >
      <div className="flex-1">{children}</div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className="-my-1 -mr-2 inline-flex size-7 shrink-0 items-center justify-center rounded text-current opacity-70 hover:opacity-100"
          aria-label="Dismiss"
        >
          ×
        </button>
      ) : null}
    </div>
  )
}
