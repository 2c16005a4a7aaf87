import env from '#start/env'

/*
| Settings read when used, not frozen at boot. `env.get` answers the value validated at boot
| and, for a key unset then, looks the environment up each time, so a test (or an operator's
| reload) can point a setting elsewhere after boot. Typed keys set after boot arrive as text.
*/
type Key = Parameters<typeof env.get>[0]

export function liveText(key: Key): string | undefined {
  const value = env.get(key)
  if (value === undefined || value === null) return undefined
  const text = String(value).trim()
  return text ? text : undefined
}

export function liveBoolean(key: Key): boolean {
  const value = env.get(key)
  if (typeof value === 'boolean') return value
  return ['true', '1', 'yes', 'on'].includes(
    String(value ?? '')
      .trim()
      .toLowerCase()
  )
}

/** A non-negative number, or undefined when unset or not a number. */
export function liveNumber(key: Key): number | undefined {
  const text = liveText(key)
  const value = Number(text)
  return text !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined
}
