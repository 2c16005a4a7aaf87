import type { ComponentProps, ReactNode } from 'react'
import { Button } from '~/components/button'

/**
 * Why a billing control is not available now, as text a person sees next to it (issue 29
 * item 4), not only as a hover title. The control points at it with `aria-describedby={id}`.
 */
export function ActionReason({ id, reason }: { id: string; reason: string | null | undefined }) {
  if (!reason) return null
  return (
    <p id={id} data-testid={id} className="mt-1 max-w-xs text-xs text-slate-700">
      {reason}
    </p>
  )
}

/** A control with its reason underneath when it is not available. */
export function ActionWithReason({
  id,
  reason,
  children,
}: {
  id: string
  reason: string | null | undefined
  children: ReactNode
}) {
  return (
    <div className="flex flex-col items-start">
      {children}
      <ActionReason id={id} reason={reason} />
    </div>
  )
}

/**
 * A Button that, when `reason` is set, is aria-disabled with the reason as its title and as the
 * text underneath it (which it points at with aria-describedby).
 */
export function ButtonWithReason({
  id,
  reason,
  ...button
}: Omit<ComponentProps<typeof Button>, 'disabledReason'> & { id: string; reason: string | null | undefined }) {
  return (
    <ActionWithReason id={id} reason={reason}>
      <Button aria-describedby={reason ? id : undefined} disabledReason={reason ?? undefined} {...button} />
    </ActionWithReason>
  )
}
