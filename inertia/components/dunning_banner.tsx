import { useEffect, useState } from 'react'
import { useShared } from '~/lib/page_props'
import { api, errorMessage } from '~/lib/api'
import { urlFor } from '~/client'

/**
 * The sticky dunning banner (docs/rules/billing.md#mutations), rendered by AppLayout on every feature page when
 * the subscription is past_due. 3D Secure copy + "Complete verification" when a payment action is required,
 * otherwise could-not-charge copy + "Update card"; both open the billing portal. Dismissal lasts for the
 * browser session under `dunning-dismissed-<period_end>`.
 */
export function DunningBanner() {
  const { subscription } = useShared()
  const [dismissed, setDismissed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const key = `dunning-dismissed-${subscription?.currentPeriodEnd ?? 'none'}`

  useEffect(() => {
    try {
      setDismissed(window.sessionStorage.getItem(key) === '1')
    } catch {
      setDismissed(false)
    }
  }, [key])

  if (!subscription || subscription.status !== 'past_due' || dismissed) return null

  async function openPortal() {
    setBusy(true)
    setError(null)
    try {
      const { url } = await api<{ url: string }>(urlFor('api.subscriptions.portal'), { method: 'POST' })
      window.location.href = url
    } catch (err) {
      setError(errorMessage(err))
      setBusy(false)
    }
  }

  function dismiss() {
    try {
      window.sessionStorage.setItem(key, '1')
    } catch {}
    setDismissed(true)
  }

  const action = subscription.requiresPaymentAction
  return (
    <div
      role="alert"
      data-testid="dunning-banner"
      data-kind={action ? 'action_required' : 'payment_failed'}
      className="sticky top-0 z-40 border-b border-red-200 bg-red-50 text-sm text-red-900"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-2">
        <p className="flex-1">
          {action
            ? 'Your bank needs you to confirm your last payment with 3D Secure verification. Complete verification to keep your premium features.'
            : 'We could not charge your card for your subscription. Update your card to keep your premium features.'}
          {error ? <span className="ml-2 font-semibold">{error}</span> : null}
        </p>
        <button
          type="button"
          onClick={openPortal}
          disabled={busy}
          aria-busy={busy || undefined}
          className="rounded-md bg-red-600 px-3 py-1.5 font-semibold text-white hover:bg-red-700 disabled:opacity-60"
        >
          {action ? 'Complete verification' : 'Update card'}
        </button>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss"
          className="px-2 text-red-900 opacity-70 hover:opacity-100"
        >
          ×
        </button>
      </div>
    </div>
  )
}
