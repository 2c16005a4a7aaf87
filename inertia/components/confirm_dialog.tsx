import { useId, useRef, type ReactNode } from 'react'
import { Button } from '~/components/button'
import { useModalFocus } from '~/components/modal_focus'

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

  useModalFocus(props.open, panel, () => props.onCancel(), cancelRef)

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
