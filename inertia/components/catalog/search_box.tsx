import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { router } from '@inertiajs/react'
import { urlFor } from '~/client'

export type Suggestion = { kind: 'institution' | 'course' | 'document'; slug: string; title: string }

const DEBOUNCE_MS = 150
const KIND_LABEL: Record<Suggestion['kind'], string> = {
  institution: 'Institution',
  course: 'Course',
  document: 'Document',
}

export function suggestionUrl(item: Suggestion) {
  if (item.kind === 'document') return urlFor('pages.documents.show', { slug: item.slug })
  if (item.kind === 'course') return urlFor('pages.courses.show', { slug: item.slug })
  return urlFor('pages.institutions.show', { slug: item.slug })
}

/**
 * The catalog search box with as-you-type suggestions (issue 26), following the WAI-ARIA
 * combobox pattern (list autocomplete): arrows move through the options, Enter opens the
 * active one or submits the search, Escape closes the list. Requests wait for a pause in
 * typing and a newer keystroke aborts the older request. A plain GET form underneath, so it
 * searches before hydration too.
 */
export function SearchBox(props: {
  action: string
  defaultValue?: string
  label: string
  placeholder: string
  inputClassName: string
  labelClassName?: string
  children?: ReactNode
  testId?: string
}) {
  const id = useId()
  const inputId = `${id}-input`
  const listId = `${id}-listbox`
  const [value, setValue] = useState(props.defaultValue ?? '')
  const [items, setItems] = useState<Suggestion[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const controller = useRef<AbortController | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(
    () => () => {
      controller.current?.abort()
      if (timer.current) clearTimeout(timer.current)
    },
    []
  )

  function request(text: string) {
    if (timer.current) clearTimeout(timer.current)
    controller.current?.abort()
    controller.current = null
    if (text.trim().length < 2) {
      setItems([])
      setOpen(false)
      setActive(-1)
      return
    }
    timer.current = setTimeout(async () => {
      const abort = new AbortController()
      controller.current = abort
      try {
        const response = await fetch(`/api/search/suggest?${new URLSearchParams({ q: text })}`, {
          signal: abort.signal,
          headers: { accept: 'application/json' },
        })
        if (!response.ok) return
        const body = (await response.json()) as { data: Suggestion[] }
        if (abort.signal.aborted) return
        setItems(body.data)
        setOpen(body.data.length > 0)
        setActive(-1)
      } catch {
        // Aborted by a newer keystroke, or offline: the form still submits.
      }
    }, DEBOUNCE_MS)
  }

  function pick(item: Suggestion) {
    setOpen(false)
    router.visit(suggestionUrl(item))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!items.length) return
      event.preventDefault()
      setOpen(true)
      const down = event.key === 'ArrowDown'
      setActive((current) => (down ? (current + 1) % items.length : current <= 0 ? items.length - 1 : current - 1))
      return
    }
    if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      event.preventDefault()
      pick(items[active])
      return
    }
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  const expanded = open && items.length > 0
  const activeItem = expanded && active >= 0 && active < items.length ? active : -1
  return (
    <form
      method="get"
      action={props.action}
      role="search"
      className="relative flex flex-1 flex-wrap items-end gap-3"
      data-testid={props.testId}
    >
      <div className="relative flex min-w-64 flex-1 flex-col">
        <label htmlFor={inputId} className={props.labelClassName ?? 'sr-only'}>
          {props.label}
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            request(event.target.value)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onFocus={() => items.length && setOpen(true)}
          placeholder={props.placeholder}
          maxLength={200}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeItem >= 0 ? `${id}-option-${activeItem}` : undefined}
          className={props.inputClassName}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!expanded}
          className="absolute left-0 right-0 top-full z-20 mt-1 max-h-80 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-left text-slate-900 shadow-lg"
        >
          {items.map((item, index) => (
            <li
              key={`${item.kind}:${item.slug}`}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === activeItem}
              onMouseDown={(event) => {
                event.preventDefault()
                pick(item)
              }}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${index === activeItem ? 'bg-indigo-50' : ''}`}
            >
              <span>{item.title}</span>
              <span className="shrink-0 text-xs text-slate-600">{KIND_LABEL[item.kind]}</span>
            </li>
          ))}
        </ul>
        <div role="status" aria-live="polite" className="sr-only">
          {expanded ? `${items.length} suggestion${items.length === 1 ? '' : 's'}, use the arrow keys to choose` : ''}
        </div>
      </div>
      {props.children}
    </form>
  )
}

/** The Search button of the catalog and library search forms. */
export function SearchSubmit() {
  return (
    <button
      type="submit"
      className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
    >
      Search
    </button>
  )
}
