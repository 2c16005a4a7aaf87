import { Link } from '@adonisjs/inertia/react'
import { AutoRenewSwitch } from '~/components/billing/auto_renew_switch'
import { ActionWithReason, ButtonWithReason } from '~/components/billing/action_reason'
import type { Pill } from '~/components/billing/subscription_policy'
import type { AllowedAction, SubscriptionView } from '#shared/api/billing'
import { urlFor } from '~/client'

/** What the paid plan's controls need: the view, its pill, the portal, and the page's mutations. */
export type ControlsProps = {
  sub: SubscriptionView
  pill: Pill
  portal: AllowedAction
  busy: string | null
  onMutate: (key: string, path: string, method: string, body?: unknown, success?: string) => Promise<boolean>
  onPortal: () => void
}

const RESUME = {
  key: 'resume',
  route: 'api.subscriptions.resume',
  label: 'Resume',
  success: 'Your subscription was resumed.',
} as const
const PAUSE = {
  key: 'pause',
  route: 'api.subscriptions.pause',
  label: 'Pause for one cycle',
  success: 'Payments are paused for one billing cycle.',
} as const

/**
 * The paid plan's controls on /settings/billing: auto-renew, pause or resume, and the portal when
 * a payment needs fixing. Each renders from the view's `allowedActions` (or the page's `portal`)
 * and, when not allowed, shows why as text next to it (issue 29 item 4).
 */
export function SubscriptionControls({ sub, pill, portal, busy, onMutate, onPortal }: ControlsProps) {
  const toggle = pill === 'paused' ? RESUME : PAUSE
  return (
    <div className="mt-5 flex flex-wrap items-start gap-6">
      <ActionWithReason id="auto-renew-reason" reason={sub.allowedActions.autoRenew.reason}>
        <label className="flex items-center gap-3 text-sm">
          <AutoRenewSwitch
            label="Auto-renew"
            checked={!sub.cancelAtPeriodEnd && (sub.status === 'active' || sub.status === 'past_due')}
            disabledReason={sub.allowedActions.autoRenew.reason}
            describedBy="auto-renew-reason"
            busy={busy === 'auto-renew'}
            onChange={(next) =>
              onMutate(
                'auto-renew',
                urlFor('api.subscriptions.auto_renew'),
                'PATCH',
                { enabled: next },
                next ? 'Auto-renew is on.' : 'Auto-renew is off. Your plan ends at the end of the period.'
              )
            }
          />
          <span>Auto-renew</span>
        </label>
      </ActionWithReason>
      <ButtonWithReason
        id={`${toggle.key}-reason`}
        reason={sub.allowedActions[toggle.key].reason}
        variant="secondary"
        data-testid={`${toggle.key}-button`}
        loading={busy === toggle.key}
        onClick={() => onMutate(toggle.key, urlFor(toggle.route), 'POST', undefined, toggle.success)}
      >
        {toggle.label}
      </ButtonWithReason>
      {sub.status === 'past_due' ? (
        <ButtonWithReason
          id="fix-payment-reason"
          reason={portal.reason}
          data-testid="fix-payment"
          loading={busy === 'portal'}
          onClick={onPortal}
        >
          {sub.requiresPaymentAction ? 'Complete verification' : 'Update card'}
        </ButtonWithReason>
      ) : null}
      {sub.status === 'canceled' || sub.status === 'expired' ? (
        <Link route="pages.pricing" className="text-sm font-semibold text-indigo-700 hover:underline">
          Re-subscribe from pricing
        </Link>
      ) : null}
    </div>
  )
}
