import { useEffect, useState } from 'react'

/**
 * A date and time in the reader's locale and zone, without seconds. The server and the first
 * client render agree on UTC (no hydration mismatch); the reader's zone applies after mount.
 */
export function formatDateTime(value: string | null, timeZone?: string): string {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone })
}

export function LocalTime({ value }: { value: string | null }) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  if (!value) return null
  return (
    <time dateTime={value} suppressHydrationWarning>
      {formatDateTime(value, mounted ? undefined : 'UTC')}
    </time>
  )
}
