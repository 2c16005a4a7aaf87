import { useEffect, useState } from 'react'
import { PaymentsNotConfiguredNotice } from '~/components/billing/payments_notice'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'
import { EmptyState, ErrorState, LoadingState } from '~/components/states'
import { useToast } from '~/components/toast'
import { api, errorMessage } from '~/lib/api'
import { formatMoney, type PlanCard } from '~/components/billing/format'
import { ActionReason, ActionWithReason } from '~/components/billing/action_reason'
import type {
  AllowedAction,
  InvoiceView,
  PaymentMethodView,
  ProrationPreview,
  PurchaseView,
  SubscriptionView,
} from '#shared/api/billing'
import { PILL, pillOf, renewalCopy } from '~/components/billing/subscription_policy'
import { SubscriptionControls } from '~/components/billing/subscription_controls'
import { useApi } from '~/lib/use_api'
import { InvoicesSection, PurchasesSection } from '~/components/billing/billing_history'
import { urlFor } from '~/client'

type Props = {
  billing: SubscriptionView
  plans: PlanCard[]
  purchases: PurchaseView[]
  has_customer: boolean
  provider_managed: boolean
  upgraded: 'pro' | 'plus' | null
  payments_configured: boolean
  /** The billing portal (card, invoices, cancelling): allowed, or why not (subscription_policy.ts portalAction). */
  portal: AllowedAction
}

const PAYMENTS_OFF = 'Payments are not set up on this server, so no plan can be bought here. Nothing is charged.'

/**
 * /settings/billing (docs/rules/billing.md#mutations billing UI surface; the UI policy table arrives as
 * `allowedActions`).
 */
export default function SettingsBilling({
  billing: subscription,
  plans,
  purchases,
  has_customer,
  provider_managed,
  upgraded,
  payments_configured,
  portal,
}: Props) {
  const toast = useToast()
  const [sub, setSub] = useState(subscription)
  const [busy, setBusy] = useState<string | null>(null)
  const [showUpgraded, setShowUpgraded] = useState(Boolean(upgraded))
  const [pending, setPending] = useState<{
    slug: PlanCard['slug']
    preview: ProrationPreview | null
    loading: boolean
  } | null>(null)
  const paymentMethod = useApi<PaymentMethodView>(has_customer ? urlFor('api.subscriptions.payment_method') : null)
  const invoices = useApi<InvoiceView[]>(
    has_customer ? urlFor('api.subscriptions.invoices', {}, { qs: { limit: 12 } }) : null
  )
  // What may be done now, and why not, comes with the view (docs/rules/billing.md#mutations): no policy is
  // re-derived here.
  const actions = sub.allowedActions
  const pill = pillOf(sub)
  const paid = sub.planSlug !== 'free'

  // docs/rules/billing.md#mutations: the ?upgraded= banner shows for 5 seconds, then the parameter is stripped.
  useEffect(() => {
    if (!upgraded) return
    const timer = setTimeout(() => {
      setShowUpgraded(false)
      const url = new URL(window.location.href)
      url.searchParams.delete('upgraded')
      url.searchParams.delete('session_id')
      window.history.replaceState(window.history.state, '', url.pathname + (url.search || '') + url.hash)
    }, 5000)
    return () => clearTimeout(timer)
  }, [upgraded])

  async function mutate(key: string, path: string, method: string, body?: unknown, success?: string) {
    setBusy(key)
    try {
      const view = await api<SubscriptionView>(path, { method, body })
      setSub(view)
      if (success) toast('success', success)
      return true
    } catch (error) {
      toast('error', errorMessage(error))
      return false
    } finally {
      setBusy(null)
    }
  }

  async function openPortal() {
    setBusy('portal')
    try {
      const { url } = await api<{ url: string }>(urlFor('api.subscriptions.portal'), { method: 'POST' })
      window.location.href = url
    } catch (error) {
      toast('error', errorMessage(error))
      setBusy(null)
    }
  }

  async function startCheckout(slug: PlanCard['slug']) {
    setBusy(`plan-${slug}`)
    try {
      const { url } = await api<{ url: string }>(urlFor('api.subscriptions.checkout'), {
        method: 'POST',
        body: { planSlug: slug, billingInterval: 'month' },
      })
      window.location.href = url
    } catch (error) {
      toast('error', errorMessage(error))
      setBusy(null)
    }
  }

  async function askPlanChange(slug: PlanCard['slug']) {
    if (!paid) return startCheckout(slug)
    if (slug === 'free') {
      setPending({ slug, preview: null, loading: false })
      return
    }
    setPending({ slug, preview: null, loading: true })
    try {
      const preview = await api<ProrationPreview>(urlFor('api.subscriptions.preview_proration'), {
        method: 'POST',
        body: { planSlug: slug },
      })
      setPending({ slug, preview, loading: false })
    } catch {
      const target = plans.find((p) => p.slug === slug)
      setPending({
        slug,
        preview: {
          amount_due: Math.max(0, (target?.price ?? 0) - sub.price),
          currency: target?.currency ?? sub.currency,
          approximate: true,
        },
        loading: false,
      })
    }
  }

  async function confirmPlanChange() {
    if (!pending) return
    const ok = await mutate(
      'confirm',
      urlFor('api.subscriptions.change_plan'),
      'POST',
      { planSlug: pending.slug },
      pending.slug === 'free' ? 'Your plan ends at the end of the billing period.' : 'Your plan was changed.'
    )
    if (ok) setPending(null)
  }

  const targetName = pending ? (plans.find((p) => p.slug === pending.slug)?.name ?? pending.slug) : ''

  return (
    <AppLayout>
      <Seo title="Billing · StudyHub" robots="noindex, nofollow" />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Billing</h1>
        <Link route="pages.auth.settings" className="text-sm text-indigo-700 hover:underline">
          ← Account settings
        </Link>
      </div>
      {payments_configured ? null : <PaymentsNotConfiguredNotice />}

      {showUpgraded && upgraded ? (
        <Banner tone="success" className="mt-4" testId="upgraded-banner" onDismiss={() => setShowUpgraded(false)}>
          Welcome to {upgraded === 'plus' ? 'Plus' : 'Pro'}! Your upgrade is being confirmed; it can take a few seconds
          to show here.
        </Banner>
      ) : null}

      {/* Current plan card */}
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

        {!provider_managed ? (
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
          <SubscriptionControls
            sub={sub}
            pill={pill}
            portal={portal}
            busy={busy}
            onMutate={mutate}
            onPortal={openPortal}
          />
        )}
      </section>

      {/* Plan comparison */}
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
                : payments_configured
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
                  onClick={() => askPlanChange(plan.slug)}
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
                Switching to {targetName} charges {formatMoney(pending.preview.amount_due, pending.preview.currency)}{' '}
                now (prorated).
              </p>
            ) : (
              <p data-testid="preview-copy">
                We could not calculate the exact prorated amount right now. The approximate charge is{' '}
                {formatMoney(pending.preview?.amount_due ?? 0, pending.preview?.currency ?? sub.currency)}; the final
                amount appears on your next invoice.
              </p>
            )}
            <div className="mt-3 flex gap-2">
              <Button data-testid="confirm-plan-change" loading={busy === 'confirm'} onClick={confirmPlanChange}>
                Confirm
              </Button>
              <Button variant="ghost" onClick={() => setPending(null)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
      </section>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {/* Payment method */}
        <section
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          data-testid="payment-method"
          aria-labelledby="pm-title"
        >
          <h2 id="pm-title" className="text-lg font-semibold">
            Payment method
          </h2>
          <div className="mt-3">
            {!has_customer ? (
              <EmptyState title="No payment method on file">A card is added when you choose a paid plan.</EmptyState>
            ) : paymentMethod.loading ? (
              <LoadingState label="Loading payment method…" />
            ) : paymentMethod.error ? (
              <ErrorState
                message="We could not load your payment method. Please try again."
                onRetry={paymentMethod.reload}
              />
            ) : paymentMethod.data ? (
              <p className="text-sm" data-testid="card">
                <span className="font-semibold capitalize">{paymentMethod.data.brand}</span> ending in{' '}
                {paymentMethod.data.last4} · expires {String(paymentMethod.data.exp_month).padStart(2, '0')}/
                {paymentMethod.data.exp_year}
              </p>
            ) : (
              <EmptyState title="No payment method on file">Add a card from the billing portal.</EmptyState>
            )}
          </div>
          {has_customer ? (
            <ActionWithReason id="manage-payment-reason" reason={portal.reason}>
              <Button
                variant="secondary"
                className="mt-3"
                data-testid="manage-payment"
                aria-describedby={portal.reason ? 'manage-payment-reason' : undefined}
                disabledReason={portal.reason ?? undefined}
                loading={busy === 'portal'}
                onClick={openPortal}
              >
                Manage payment method
              </Button>
            </ActionWithReason>
          ) : null}
        </section>

        <PurchasesSection purchases={purchases} />
      </div>

      <InvoicesSection hasCustomer={has_customer} invoices={invoices} />

      {paid && sub.status === 'active' && !sub.cancelAtPeriodEnd ? (
        <section className="mt-6 text-sm text-slate-700" aria-labelledby="stop-title" data-testid="cancel-section">
          <h2 id="stop-title" className="font-semibold">
            Want to stop?
          </h2>
          <ActionWithReason id="cancel-reason" reason={portal.reason}>
            <button
              type="button"
              className="mt-1 font-semibold text-red-700 hover:underline aria-disabled:cursor-not-allowed aria-disabled:text-slate-700 aria-disabled:no-underline"
              data-testid="cancel-link"
              aria-disabled={portal.reason ? true : undefined}
              aria-describedby={portal.reason ? 'cancel-reason' : undefined}
              onClick={portal.allowed ? openPortal : undefined}
            >
              Cancel your subscription in the billing portal
            </button>
          </ActionWithReason>
        </section>
      ) : null}
    </AppLayout>
  )
}
