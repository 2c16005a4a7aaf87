/** Money in minor units with a lowercase ISO currency (docs/rules/hardening.md#json), formatted by currency. */
export function formatMoney(amount: number, currency: string) {
  const code = (currency || 'usd').toUpperCase()
  let digits = 2
  try {
    digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return `${(amount / 100).toFixed(2)} ${code}`
  }
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount / 10 ** digits)
}

export function formatDate(iso: string | null) {
  if (!iso) return ''
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso)
  )
}

/**
 * A plan card as the server sends it: `features` come from the plan rules (app/services/billing/plans.ts
 * planHighlights).
 */
export type PlanCard = {
  slug: 'free' | 'pro' | 'plus'
  name: string
  price: number
  currency: string
  interval: string
  ai_credits: number
  features: string[]
}
