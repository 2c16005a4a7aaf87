import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Keyboard rules of a modal dialog: focus moves in on open (to `initial`, else the first control),
 * Tab and Shift+Tab stay inside `panel`, Escape calls `onEscape`, and on close focus returns to
 * what had it before (the control that opened the dialog).
 */
export function useModalFocus(
  open: boolean,
  panel: RefObject<HTMLElement | null>,
  onEscape: () => void,
  initial?: RefObject<HTMLElement | null>
) {
  const escape = useRef(onEscape)
  escape.current = onEscape

  useEffect(() => {
    if (!open) return
    const previous = document.activeElement as HTMLElement | null
    const controls = () =>
      Array.from(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
        (el) => el.getClientRects().length > 0
      )
    ;(initial?.current ?? controls()[0] ?? panel.current)?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return escape.current()
      if (event.key !== 'Tab' || !panel.current) return
      const list = controls()
      const first = list[0]
      const last = list[list.length - 1]
      const active = document.activeElement
      if (!panel.current.contains(active) || (event.shiftKey ? active === first : active === last)) {
        event.preventDefault()
        ;(event.shiftKey ? last : first)?.focus()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      if (previous?.isConnected) previous.focus()
    }
    // Opening and closing are what matter; the Escape handler is read fresh on each key.
  }, [open])
}
