import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'

const CONTROL =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500'

type Frame = { label: string; error?: string | null; hint?: string; id?: string; name?: string; className?: string }

/** Label, control, then the hint or the error (linked to the control for screen readers). */
function FieldFrame({
  label,
  error,
  hint,
  id,
  name,
  className = '',
  control,
}: Frame & { control: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const inputId = id || name || label.toLowerCase().replace(/\W+/g, '-')
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({ id: inputId, describedBy: error ? `${inputId}-error` : undefined })}
      {hint && !error ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: string }

export function Field({ label, error, hint, id, className, ...rest }: FieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, id, className, name: rest.name }}
      control={(ids) => (
        <input
          id={ids.id}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={CONTROL}
          {...rest}
        />
      )}
    />
  )
}

type AreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | null }

export function TextArea({ label, error, id, className, ...rest }: AreaProps) {
  return (
    <FieldFrame
      {...{ label, error, id, className, name: rest.name }}
      control={(ids) => (
        <textarea
          id={ids.id}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={CONTROL}
          {...rest}
        />
      )}
    />
  )
}
