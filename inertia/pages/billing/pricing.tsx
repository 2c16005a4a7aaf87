import { useState } from 'react'
import { AppLayout } from '~/layouts/app_layout'
import { Seo } from '~/components/seo'
import { Button } from '~/components/button'
import { useToast } from '~/components/toast'
import { api, errorMessage } from '~/lib/api'
import { useShared } from '~/lib/page_props'
import { formatMoney, type PlanCard } from '~/components/billing/format'
import { urlFor } from '~/client'
import { PaymentsNotConfiguredNotice } from '~/components/billing/payments_notice'

type Props = {
  plans: PlanCard[]
  current_plan: PlanCard['slug'] | null
  signed_in: boolean
  manage_url?: string | null
  payments_configured: boolean
}

/**
 * /pricing: monthly plans only (docs/rules/billing.md#mutations); paid users are routed to /settings/billing by
 * the server.
 */
export default function Pricing({ plans, current_plan, signed_in, manage_url, payments_configured }: Props) {
  const { app } = useShared()
  const toast = useToast()
  const [busy, setBusy] = useState<string | null>(null)

  async function choose(slug: PlanCard['slug']) {
    if (!signed_in) {
      window.location.href = urlFor('pages.auth.login', {}, { qs: { next: urlFor('pages.pricing') } })
      return
    }
    if (slug === 'free') return
    setBusy(slug)
    try {
      const session = await api<{ url: string }>(urlFor('api.subscriptions.checkout'), {
        method: 'POST',
        body: { planSlug: slug, billingInterval: 'month' },
      })
      window.location.href = session.url
    } catch (error) {
      toast('error', errorMessage(error))
      setBusy(null)
    }
  }

  const jsonLd: object[] = [
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      'itemListElement': [
        { '@type': 'ListItem', 'position': 1, 'name': 'Home', 'item': `${app.url}/` },
        { '@type': 'ListItem', 'position': 2, 'name': 'Pricing', 'item': `${app.url}/pricing` },
      ],
    },
    ...plans.map((plan) => ({
      '@context': 'https://schema.org',
      '@type': 'Product',
      'name': `StudyHub ${plan.name}`,
      'description': plan.features.join('. '),
      'brand': { '@type': 'Brand', 'name': 'StudyHub' },
      'offers': {
        '@type': 'Offer',
        'price': (plan.price / 100).toFixed(2),
        'priceCurrency': plan.currency.toUpperCase(),
        'availability': 'https://schema.org/InStock',
        'url': `${app.url}/pricing`,
        'priceSpecification': {
          '@type': 'UnitPriceSpecification',
          'price': (plan.price / 100).toFixed(2),
          'priceCurrency': plan.currency.toUpperCase(),
          'billingDuration': 'P1M',
          'unitCode': 'MON',
        },
      },
    })),
  ]

  return (
    <AppLayout>
      <Seo
        title="Pricing · StudyHub"
        description="StudyHub plans: Basic is free, Pro and Plus unlock the AI study tools with monthly AI credits. Billed monthly, cancel anytime."
        path="/pricing"
        jsonLd={jsonLd}
      />
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Plans and pricing</h1>
        <p className="mt-2 text-slate-600">Billed monthly. Change or cancel anytime from billing settings.</p>
      </div>
      {payments_configured ? null : <PaymentsNotConfiguredNotice />}
      <div className="mt-10 grid gap-6 md:grid-cols-3" data-testid="plans">
        {plans.map((plan) => {
          const isCurrent = current_plan === plan.slug
          return (
            <section
              key={plan.slug}
              data-testid={`plan-${plan.slug}`}
              className={`flex flex-col rounded-xl border bg-white p-6 shadow-sm ${plan.slug === 'pro' ? 'border-indigo-500 ring-1 ring-indigo-500' : 'border-slate-200'}`}
            >
              <div className="flex items-center justify-between">
                <h2 className="text-xl font-semibold">{plan.name}</h2>
                {isCurrent ? (
                  <span
                    className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800"
                    data-testid="current-badge"
                  >
                    Current
                  </span>
                ) : null}
              </div>
              <p className="mt-4">
                <span className="text-3xl font-bold">{formatMoney(plan.price, plan.currency)}</span>
                <span className="text-slate-700"> / month</span>
              </p>
              <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-700" data-testid={`features-${plan.slug}`}>
                {plan.features.map((feature) => (
                  <li key={feature}>✓ {feature}</li>
                ))}
              </ul>
              <div className="mt-6">
                {plan.slug === 'free' ? (
                  <Button
                    variant="secondary"
                    className="w-full"
                    disabledReason={isCurrent ? 'This is your current plan' : 'Basic is free: no checkout needed'}
                  >
                    {isCurrent ? 'Current plan' : 'Free forever'}
                  </Button>
                ) : manage_url ? (
                  <a
                    href={manage_url}
                    data-testid={`manage-${plan.slug}`}
                    className="block w-full rounded-md border border-indigo-600 px-4 py-2 text-center text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
                  >
                    Manage your subscription in billing settings
                  </a>
                ) : !payments_configured ? (
                  <Button className="w-full" disabled>
                    Not available on this server
                  </Button>
                ) : (
                  <Button
                    className="w-full"
                    loading={busy === plan.slug}
                    disabled={busy !== null}
                    onClick={() => choose(plan.slug)}
                  >
                    {signed_in ? `Choose ${plan.name}` : `Sign in to choose ${plan.name}`}
                  </Button>
                )}
              </div>
            </section>
          )
        })}
      </div>
    </AppLayout>
  )
}
