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
