import type { ProrationPreview, SubscriptionView } from '#shared/api/billing'
import { Button } from '~/components/button'
import { formatMoney, type PlanCard } from '~/components/billing/format'
import { ActionReason } from '~/components/billing/action_reason'

export type PendingPlanChange = {
  slug: PlanCard['slug']
  preview: ProrationPreview | null
  loading: boolean
}

const PAYMENTS_OFF = 'Payments are not set up on this server, so no plan can be bought here. Nothing is charged.'

type Props = {
  plans: PlanCard[]
  sub: SubscriptionView
  paid: boolean
  paymentsConfigured: boolean
  busy: string | null
  pending: PendingPlanChange | null
  onAskPlanChange: (slug: PlanCard['slug']) => void
  onConfirm: () => void
  onCancel: () => void
}

/** The plan comparison on /settings/billing and the confirm dialog of a plan change. */
export function PlanChangeSection({
  plans,
  sub,
  paid,
  paymentsConfigured,
  busy,
  pending,
  onAskPlanChange,
  onConfirm,
  onCancel,
}: Props) {
  // What may be done now, and why not, comes with the view (docs/rules/billing.md#mutations): no policy is
  // re-derived here.
  const actions = sub.allowedActions
  const targetName = pending ? (plans.find((p) => p.slug === pending.slug)?.name ?? pending.slug) : ''

  return (
    <section className="mt-8" aria-labelledby="plans-title">
      <h2 id="plans-title" className="text-lg font-semibold">
        Plans
      </h2>
      <div className="mt-3 grid gap-4 md:grid-cols-3">
        {plans.map((plan) => {
          const current = plan.slug === sub.planSlug
          // A free user picks a paid plan through checkout; a paid one changes plan when allowed.
          const reason = current
            ? 'This is your current plan'
            : paid
              ? actions.changePlan.reason
              : paymentsConfigured
                ? null
                : PAYMENTS_OFF
          const reasonId = `change-plan-${plan.slug}-reason`
          return (
            <div
              key={plan.slug}
              data-testid={`plan-card-${plan.slug}`}
              className={`flex flex-col rounded-lg border p-4 ${current ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200 bg-white'}`}
            >
              <div className="flex items-center justify-between">
                <h3 className="font-semibold">{plan.name}</h3>
                {current ? (
                  <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white">
                    Current
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-xl font-bold">
                {formatMoney(plan.price, plan.currency)}
                <span className="text-sm font-normal text-slate-700"> / month</span>
              </p>
              <ul className="mt-2 flex-1 space-y-1 text-xs text-slate-600">
                {plan.features.map((f) => (
                  <li key={f}>✓ {f}</li>
                ))}
              </ul>
              <Button
                className="mt-3"
                variant={current ? 'secondary' : 'primary'}
                data-testid={`change-plan-${plan.slug}`}
                aria-describedby={reason ? reasonId : undefined}
                disabledReason={reason ?? undefined}
                loading={busy === `plan-${plan.slug}` || (pending?.slug === plan.slug && pending.loading)}
                onClick={() => onAskPlanChange(plan.slug)}
              >
                {current ? 'Current plan' : paid ? `Switch to ${plan.name}` : `Upgrade to ${plan.name}`}
              </Button>
              <ActionReason id={reasonId} reason={reason} />
            </div>
          )
        })}
      </div>
      {pending && !pending.loading ? (
        <div
          role="dialog"
          aria-label="Confirm plan change"
          data-testid="plan-change-dialog"
          className="mt-4 rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm"
        >
          {pending.slug === 'free' ? (
            <p>Moving to Basic turns auto-renew off: you keep {sub.planName} until the end of the billing period.</p>
          ) : pending.preview && !pending.preview.approximate ? (
            <p data-testid="preview-copy">
              Switching to {targetName} charges {formatMoney(pending.preview.amount_due, pending.preview.currency)} now
              (prorated).
            </p>
          ) : (
            <p data-testid="preview-copy">
              We could not calculate the exact prorated amount right now. The approximate charge is{' '}
              {formatMoney(pending.preview?.amount_due ?? 0, pending.preview?.currency ?? sub.currency)}; the final
              amount appears on your next invoice.
            </p>
          )}
          <div className="mt-3 flex gap-2">
            <Button data-testid="confirm-plan-change" loading={busy === 'confirm'} onClick={onConfirm}>
              Confirm
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  )
}
