import { Link } from '@adonisjs/inertia/react'
import { Button } from '~/components/button'
import { AutoRenewSwitch } from '~/components/billing/auto_renew_switch'
import { ActionWithReason } from '~/components/billing/action_reason'
import type { Pill } from '~/components/billing/subscription_policy'
import type { AllowedAction, SubscriptionView } from '#shared/api/billing'
import { urlFor } from '~/client'

type Props = {
  sub: SubscriptionView
  pill: Pill
  portal: AllowedAction
  busy: string | null
  onMutate: (key: string, path: string, method: string, body?: unknown, success?: string) => Promise<boolean>
  onPortal: () => void
}

/**
 * The paid plan's controls on /settings/billing: auto-renew, pause or resume, and the portal when
 * a payment needs fixing. Each renders from the view's `allowedActions` (or the page's `portal`)
 * and, when not allowed, shows why as text next to it (issue 29 item 4).
 */
export function SubscriptionControls({ sub, pill, portal, busy, onMutate, onPortal }: Props) {
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
      {pill === 'paused' ? (
        <ActionWithReason id="resume-reason" reason={sub.allowedActions.resume.reason}>
          <Button
            variant="secondary"
            data-testid="resume-button"
            aria-describedby={sub.allowedActions.resume.reason ? 'resume-reason' : undefined}
            disabledReason={sub.allowedActions.resume.reason ?? undefined}
            loading={busy === 'resume'}
            onClick={() =>
              onMutate(
                'resume',
                urlFor('api.subscriptions.resume'),
                'POST',
                undefined,
                'Your subscription was resumed.'
              )
            }
          >
            Resume
          </Button>
        </ActionWithReason>
      ) : (
        <ActionWithReason id="pause-reason" reason={sub.allowedActions.pause.reason}>
          <Button
            variant="secondary"
            data-testid="pause-button"
            aria-describedby={sub.allowedActions.pause.reason ? 'pause-reason' : undefined}
            disabledReason={sub.allowedActions.pause.reason ?? undefined}
            loading={busy === 'pause'}
            onClick={() =>
              onMutate(
                'pause',
                urlFor('api.subscriptions.pause'),
                'POST',
                undefined,
                'Payments are paused for one billing cycle.'
              )
            }
          >
            Pause for one cycle
          </Button>
        </ActionWithReason>
      )}
      {sub.status === 'past_due' ? (
        <ActionWithReason id="fix-payment-reason" reason={portal.reason}>
          <Button
            data-testid="fix-payment"
            aria-describedby={portal.reason ? 'fix-payment-reason' : undefined}
            disabledReason={portal.reason ?? undefined}
            loading={busy === 'portal'}
            onClick={onPortal}
          >
            {sub.requiresPaymentAction ? 'Complete verification' : 'Update card'}
          </Button>
        </ActionWithReason>
      ) : null}
      {sub.status === 'canceled' || sub.status === 'expired' ? (
        <Link route="pages.pricing" className="text-sm font-semibold text-indigo-700 hover:underline">
          Re-subscribe from pricing
        </Link>
      ) : null}
    </div>
  )
}
