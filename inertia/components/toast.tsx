import { createContext, useCallback, useContext, useState, type ReactNode } from 'react'

type Tone = 'success' | 'error' | 'info'
/** An optional action inside the toast, e.g. Undo; the toast closes when it is used. */
export type ToastAction = { label: string; onClick: () => void }
type Toast = { id: number; tone: Tone; message: string; action?: ToastAction }
type Push = (tone: Tone, message: string, options?: { action?: ToastAction }) => void
const ToastContext = createContext<Push>(() => {})

// A toast that offers an action stays long enough to reach it by keyboard.
const PLAIN_MS = 5000
const WITH_ACTION_MS = 10000

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), [])
  const push = useCallback<Push>(
    (tone, message, options) => {
      const id = Date.now() + Math.random()
      setToasts((list) => [...list, { id, tone, message, action: options?.action }])
      setTimeout(() => dismiss(id), options?.action ? WITH_ACTION_MS : PLAIN_MS)
    },
    [dismiss]
  )
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed bottom-4 right-4 z-50 flex max-w-[calc(100vw-2rem)] flex-col gap-2"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.tone === 'error' ? 'alert' : 'status'}
            data-testid="toast"
            className={`pointer-events-auto flex items-center gap-3 rounded-md px-4 py-3 text-sm shadow-lg ${t.tone === 'error' ? 'bg-red-600 text-white' : t.tone === 'success' ? 'bg-green-700 text-white' : 'bg-slate-800 text-white'}`}
          >
            <span>{t.message}</span>
            {t.action ? (
              <button
                type="button"
                data-testid="toast-action"
                className="rounded px-2 py-1 font-semibold underline hover:bg-white/20 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
                onClick={() => {
                  dismiss(t.id)
                  t.action!.onClick()
                }}
              >
                {t.action.label}
              </button>
            ) : null}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

export function useToast() {
  return useContext(ToastContext)
}
