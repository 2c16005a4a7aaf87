import type { InputHTMLAttributes } from 'react'

/** A labelled <select> over a fixed list of values (difficulty, level, …). */
export function Choice<T extends string>(props: {
  label: string
  value: T
  options: readonly (readonly [T, string])[]
  onChange: (value: T) => void
  className?: string
  selectClassName?: string
}) {
  return (
    <label className={props.className}>
      {props.label}
      <select
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
        className={props.selectClassName}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}

export const LEVELS = [
  ['beginner', 'Beginner'],
  ['intermediate', 'Intermediate'],
  ['advanced', 'Advanced'],
] as const
export const DIFFICULTIES = [
  ['easy', 'Easy'],
  ['medium', 'Medium'],
  ['hard', 'Hard'],
] as const

const INLINE = 'ml-2 w-20 rounded border border-slate-300 px-2 py-1'
const BLOCK = 'mt-1 block w-full rounded border border-slate-300 px-3 py-2'

/** A labelled number input kept between 1 and `max` (card and question counts). */
export function CountInput(props: {
  label: string
  value: number
  max: number
  onChange: (value: number) => void
  className?: string
}) {
  const { label, value, max, onChange, className } = props
  return (
    <label className={className}>
      {label}
      <input
        type="number"
        min={1}
        max={max}
        value={value}
        onChange={(e) => onChange(Math.max(1, Math.min(max, Number(e.target.value) || 1)))}
        className={INLINE}
      />
    </label>
  )
}

/** The course topic input (the course tool and the New course form). */
export function TopicInput({
  labelClassName,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { labelClassName: string }) {
  return (
    <label className={labelClassName}>
      Topic
      <input name="topic" maxLength={200} className={BLOCK} {...input} />
    </label>
  )
}
