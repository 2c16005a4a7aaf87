import { useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * The header's links, once: a row from 640 px up, and below that a "Menu" disclosure
 * (issue 29): aria-expanded on the button, Escape closes and gives focus back to it, opening
 * moves focus to the first link.
 */
export function SiteNav({ primary, account }: { primary: ReactNode; account: ReactNode }) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement | null>(null)
  const panel = useRef<HTMLDivElement | null>(null)

  useEffect(() => {
    if (!open) return
    panel.current?.querySelector<HTMLElement>('a, button')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <>
      <button
        ref={button}
        type="button"
        className="ml-auto rounded-md px-3 py-2 font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 sm:hidden"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpen((value) => !value)}
        data-testid="menu-button"
      >
        Menu
      </button>
      {/* One set of links: a column under the button on phones (only while open), a row from 640 px. */}
      <div
        ref={panel}
        id="site-menu"
        className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-y-1 border-t border-slate-200 pt-2 sm:flex sm:w-auto sm:flex-1 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-6 sm:gap-y-2 sm:border-0 sm:pt-0 [&_a]:py-2 sm:[&_a]:py-0`}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(false)
        }}
        data-testid="menu-panel"
      >
        {primary}
        <div className="flex flex-col items-start gap-y-1 border-t border-slate-100 pt-2 sm:ml-auto sm:flex-row sm:items-center sm:gap-4 sm:border-0 sm:pt-0">
          {account}
        </div>
      </div>
    </>
  )
}
