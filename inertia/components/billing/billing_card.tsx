import type { ReactNode } from 'react'

const CARD = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm'

/** A titled card of /settings/billing: a section named by its heading. */
export function BillingCard({
  testId,
  titleId,
  title,
  className,
  children,
}: {
  testId: string
  titleId: string
  title: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <section className={className ? `${className} ${CARD}` : CARD} data-testid={testId} aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}
