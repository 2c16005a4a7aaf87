import { useCallback, useState } from 'react'
import type { AiAllowance } from '#shared/api/ai'
import type { SubscriptionView } from '#shared/api/billing'
import { api, formatWait } from '~/lib/api'
import { urlFor } from '~/client'

/**
 * The allowance a tool page shows (issue 29), kept current: the RateLimit-* headers of every
 * tool answer update the hourly figure, and the subscription view the credits after a run.
 */
export function useAllowance(initial: AiAllowance | null) {
  const [allowance, setAllowance] = useState(initial)

  const observe = useCallback((response: Response) => {
    const remaining = response.headers.get('RateLimit-Remaining')
    const limit = response.headers.get('RateLimit-Limit')
    const reset = response.headers.get('RateLimit-Reset')
    if (remaining === null || limit === null) return
    setAllowance(
      (current) =>
        current && {
          ...current,
          hourly: {
            limit: Number(limit),
            remaining: Number(remaining),
            resets_in_seconds: reset === null ? null : Number(reset),
          },
        }
    )
  }, [])

  const refreshCredits = useCallback(async () => {
    try {
      const view = await api<SubscriptionView>(urlFor('api.subscriptions.show'))
      setAllowance(
        (current) =>
          current && {
            ...current,
            credits: {
              ...current.credits,
              limit: view.limits.aiCredits,
              used: view.usage.aiCredits,
              remaining: Math.max(0, view.limits.aiCredits - view.usage.aiCredits),
            },
          }
      )
    } catch {
      // The figure stays as it was; the tool's own answer already told the student what happened.
    }
  }, [])

  return { allowance, observe, refreshCredits }
}

/** "18 of 20 requests left this hour · 95 of 100 credits left this month". */
export function AllowanceMeter({ allowance }: { allowance: AiAllowance | null }) {
  if (!allowance || allowance.credits.limit === 0) return null
  const { hourly, credits } = allowance
  const renews = credits.period_end ? new Date(credits.period_end).toISOString().slice(0, 10) : null
  return (
    <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="ai-allowance">
      {hourly ? (
        <span data-testid="ai-allowance-hourly">
          <strong>{hourly.remaining}</strong> of {hourly.limit} requests left this hour
          {hourly.remaining < hourly.limit && hourly.resets_in_seconds
            ? ` (back to ${hourly.limit} ${formatWait(hourly.resets_in_seconds)})`
            : ''}
        </span>
      ) : null}
      {hourly ? ' · ' : null}
      <span data-testid="ai-allowance-credits">
        <strong>{credits.remaining}</strong> of {credits.limit} credits left this month
        {renews ? ` (renews ${renews})` : ''}
      </span>
    </p>
  )
}
