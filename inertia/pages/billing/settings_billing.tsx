import { useEffect, useState } from 'react'
import { PaymentsNotConfiguredNotice } from '~/components/billing/payments_notice'
import { Link } from '@adonisjs/inertia/react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Banner } from '~/components/banner'
import { useToast } from '~/components/toast'
import { api, errorMessage } from '~/lib/api'
import type { PlanCard } from '~/components/billing/format'
import type {
  AllowedAction,
  InvoiceView,
  PaymentMethodView,
  ProrationPreview,
  PurchaseView,
  SubscriptionView,
} from '#shared/api/billing'
import { pillOf } from '~/components/billing/subscription_policy'
import { useApi } from '~/lib/use_api'
import { InvoicesSection, PurchasesSection } from '~/components/billing/billing_history'
import { urlFor } from '~/client'
import { CurrentPlanSection } from '~/components/billing/current_plan_section'
import { PlanChangeSection, type PendingPlanChange } from '~/components/billing/plan_change_section'
import { PaymentMethodSection } from '~/components/billing/payment_method_section'
import { ActionWithReason } from '~/components/billing/action_reason'

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
  const [pending, setPending] = useState<PendingPlanChange | null>(null)
  const paymentMethod = useApi<PaymentMethodView>(has_customer ? urlFor('api.subscriptions.payment_method') : null)
  const invoices = useApi<InvoiceView[]>(
    has_customer ? urlFor('api.subscriptions.invoices', {}, { qs: { limit: 12 } }) : null
  )
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

  const controls = { sub, pill, portal, busy, onMutate: mutate, onPortal: openPortal }

  return (
    <AppLayout>
      <Seo
        title="Billing · StudyHub"
        description="Your StudyHub plan, AI credits, payment method and invoices."
        robots="noindex, nofollow"
      />
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

      <CurrentPlanSection {...controls} paid={paid} providerManaged={provider_managed} />

      <PlanChangeSection
        plans={plans}
        sub={sub}
        paid={paid}
        paymentsConfigured={payments_configured}
        busy={busy}
        pending={pending}
        onAskPlanChange={askPlanChange}
        onConfirm={confirmPlanChange}
        onCancel={() => setPending(null)}
      />

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {/* Payment method */}
        <PaymentMethodSection {...controls} hasCustomer={has_customer} paymentMethod={paymentMethod} />

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
