import type { ReviewIntervalsJson } from '#shared/api/study_review'

export const RATING_BUTTONS: { rating: 1 | 2 | 3 | 4; key: keyof ReviewIntervalsJson; label: string }[] = [
  { rating: 1, key: 'again', label: 'Again' },
  { rating: 2, key: 'hard', label: 'Hard' },
  { rating: 3, key: 'good', label: 'Good' },
  { rating: 4, key: 'easy', label: 'Easy' },
]

/** A review interval in words: "1 min", "10 min", "3 h", "4 days", "2 mo", "1.5 yr". */
export function formatInterval(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`
  const minutes = seconds / 60
  if (minutes < 60) return `${Math.round(minutes)} min`
  const hours = minutes / 60
  if (hours < 24) return `${Math.round(hours)} h`
  const days = hours / 24
  if (days < 31) return `${Math.round(days)} ${Math.round(days) === 1 ? 'day' : 'days'}`
  if (days < 365) return `${Math.round(days / 30)} mo`
  const years = days / 365
  return `${years < 10 ? years.toFixed(1).replace(/\.0$/, '') : Math.round(years)} yr`
}

/** The same interval for a screen reader: "in 10 minutes". */
export function spokenInterval(seconds: number): string {
  return formatInterval(seconds)
    .replace(/ s$/, ' seconds')
    .replace(/ min$/, ' minutes')
    .replace(/ h$/, ' hours')
    .replace(/ mo$/, ' months')
    .replace(/ yr$/, ' years')
}

/** A source passage's link (docs/rules/study.md#review); the server builds it, this only names it. */
export function sourceLabel(chunkIndex: number) {
  return `Source passage ${chunkIndex + 1}`
}
