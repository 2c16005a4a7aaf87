import {
  createElement,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'

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

/** One labelled control: `tag` gets the id, the error state and the shared look, then the caller's props. */
function framed(tag: 'input' | 'textarea' | 'select', props: Frame & { name?: string }) {
  const { label, error, hint, id, className, ...rest } = props
  return (
    <FieldFrame
      {...{ label, error, hint, id, className, name: rest.name }}
      control={(ids) =>
        createElement(tag, {
          'id': ids.id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': ids.describedBy,
          'className': CONTROL,
          ...rest,
        })
      }
    />
  )
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: string }
type AreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | null }
type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | null }

export function Field(props: FieldProps) {
  return framed('input', props)
}

export function TextArea(props: AreaProps) {
  return framed('textarea', props)
}

export function SelectField(props: SelectProps) {
  return framed('select', props)
}
