/** Money in minor units with a lowercase ISO currency (CONTRACT 2), formatted by currency. */
export function formatMoney(amount: number, currency: string) {
  const code = (currency || 'usd').toUpperCase()
  let digits = 2
  try {
    digits = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return `${(amount / 100).toFixed(2)} ${code}`
  }
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount / 10 ** digits)
}

export function formatDate(iso: string | null) {
  if (!iso) return ''
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso))
}

export type PlanCard = { slug: 'free' | 'pro' | 'plus'; name: string; price: number; currency: string; interval: string; ai_credits: number }

export const PLAN_FEATURES: Record<PlanCard['slug'], string[]> = {
  free: ['Browse the catalog', 'Upload up to 5 documents', 'Structured notes'],
  pro: ['Everything in Basic', 'All AI study tools', '100 AI credits per month', 'Unlimited uploads'],
  plus: ['Everything in Pro', '500 AI credits per month', 'Full access to premium documents'],
}
