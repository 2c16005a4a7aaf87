import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Button } from '~/components/button'

/**
 * A modal question before a consequential change (publishing, deleting). Focus moves to the
 * safe choice on open, Escape cancels, Tab stays inside, and focus returns where it was.
 */
export function ConfirmDialog(props: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  cancelLabel?: string
  tone?: 'primary' | 'danger'
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
  testId?: string
}) {
  const titleId = useId()
  const descId = useId()
  const panel = useRef<HTMLDivElement | null>(null)
  const cancelRef = useRef<HTMLButtonElement | null>(null)

  useEffect(() => {
    if (!props.open) return
    const previous = document.activeElement as HTMLElement | null
    cancelRef.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') props.onCancel()
      if (event.key !== 'Tab' || !panel.current) return
      const focusable = panel.current.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], select, input')
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      previous?.focus?.()
    }
    // Only opening and closing matter here; the callbacks are read fresh on each key.
  }, [props.open])

  if (!props.open) return null
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
        data-testid={props.testId}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {props.title}
        </h2>
        <div id={descId} className="mt-2 space-y-2 text-sm text-slate-700">
          {props.children}
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button ref={cancelRef} variant="secondary" onClick={props.onCancel} disabled={props.busy}>
            {props.cancelLabel ?? 'Cancel'}
          </Button>
          <Button
            variant={props.tone ?? 'primary'}
            onClick={props.onConfirm}
            loading={props.busy}
            data-testid="confirm-dialog-confirm"
          >
            {props.confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  )
}
