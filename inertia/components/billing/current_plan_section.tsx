import { Link } from '@adonisjs/inertia/react'
import { formatMoney } from '~/components/billing/format'
import { PILL, renewalCopy } from '~/components/billing/subscription_policy'
import { SubscriptionControls, type ControlsProps } from '~/components/billing/subscription_controls'

type Props = ControlsProps & { paid: boolean; providerManaged: boolean }

/** The current plan card on /settings/billing: status pill, renewal copy and the subscription controls. */
export function CurrentPlanSection({ paid, providerManaged, ...controls }: Props) {
  const { sub, pill } = controls
  return (
    <section
      className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="current-plan"
      aria-labelledby="current-plan-title"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="current-plan-title" className="text-lg font-semibold">
          {sub.planName} plan
        </h2>
        <span
          data-testid="status-pill"
          data-pill={pill}
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${PILL[pill].className}`}
        >
          {PILL[pill].label}
        </span>
        <span className="ml-auto text-lg font-semibold">
          {formatMoney(sub.price, sub.currency)} <span className="text-sm font-normal text-slate-700">/ month</span>
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-600" data-testid="renewal-copy">
        {renewalCopy(sub)}
      </p>
      {paid ? (
        <p className="mt-1 text-sm text-slate-600">
          AI credits this cycle: {sub.usage.aiCredits} of {sub.limits.aiCredits} used
        </p>
      ) : null}

      {!providerManaged ? (
        <p className="mt-3 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="demo-plan">
          Demo account: this plan was granted without a payment, so there is no card, invoice or renewal to manage.
        </p>
      ) : null}
      {!paid ? (
        <div className="mt-5 flex flex-wrap items-center gap-3" data-testid="free-upgrade">
          <Link
            route="pages.pricing"
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            Upgrade to Pro or Plus
          </Link>
          <span className="text-sm text-slate-600">Auto-renew and pausing apply to paid plans.</span>
        </div>
      ) : (
        <SubscriptionControls {...controls} />
      )}
    </section>
  )
}
