import { Link } from '@adonisjs/inertia/react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { useShared } from '~/lib/page_props'
import { VerificationBanner } from '~/components/verification_banner'
import { ToolRunner, type MyDocument } from '~/components/ai/tool_runner'
import type { AiAllowance, ToolPage } from '#shared/api/ai'
import { formatMoney } from '~/components/billing/format'
import { urlFor } from '~/client'
import { SlugLink } from '~/components/slug_link'

type PaidPlan = { slug: string; name: string; price: number; currency: string }
type Props = {
  page: ToolPage
  documents: MyDocument[]
  related: { slug: string; name: string }[]
  plans: PaidPlan[]
  allowance: AiAllowance | null
}

const major = (minor: number) => (minor / 100).toFixed(2)

/** The AI tools run on the paid plans: the copy and the structured data say so up front. */
export default function AiToolPage({ page, documents, related, plans, allowance }: Props) {
  const { app, auth, subscription } = useShared()
  const url = `${app.url}/ai/${page.slug}`
  const cheapest = plans.reduce<PaidPlan | null>((low, plan) => (!low || plan.price < low.price ? plan : low), null)
  const from = cheapest ? formatMoney(cheapest.price, cheapest.currency) : null
  const needsUpgrade = !!auth.user && !subscription?.isActivePaid
  return (
    <AppLayout banners={auth.user ? <VerificationBanner /> : undefined}>
      <Seo
        title={`${page.name} – AI study tool on Pro and Plus | StudyHub`}
        description={page.description}
        canonical={url}
        jsonLd={[
          {
            '@context': 'https://schema.org',
            '@type': 'SoftwareApplication',
            'name': page.name,
            'applicationCategory': 'EducationalApplication',
            'operatingSystem': 'Web',
            'description': page.description,
            'url': url,
            'offers': plans.map((plan) => ({
              '@type': 'Offer',
              'name': `${plan.name} plan`,
              'price': major(plan.price),
              'priceCurrency': plan.currency.toUpperCase(),
              'url': `${app.url}/pricing`,
              'priceSpecification': {
                '@type': 'UnitPriceSpecification',
                'price': major(plan.price),
                'priceCurrency': plan.currency.toUpperCase(),
                'billingDuration': 'P1M',
              },
            })),
          },
          {
            '@context': 'https://schema.org',
            '@type': 'HowTo',
            'name': `How to use ${page.name}`,
            'description': page.intro,
            'step': page.steps.map((step, i) => ({
              '@type': 'HowToStep',
              'position': i + 1,
              'name': step.name,
              'text': step.text,
            })),
          },
        ]}
      />
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <Link route="pages.ai.hub" className="hover:text-indigo-700">
          AI tools
        </Link>{' '}
        / <span>{page.name}</span>
      </nav>
      <h1 className="mt-2 text-3xl font-bold">{page.headline}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{page.description}</p>

      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {needsUpgrade ? (
            <div
              className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
              data-testid="plan-required"
            >
              <p className="font-medium text-slate-900">{`${page.name} is part of the Pro and Plus plans${from ? ` (from ${from} a month)` : ''}.`}</p>
              <p className="mt-1 text-slate-700">
                Your Basic plan keeps and uploads documents; upgrade to run AI tools on them.
              </p>
              <Link route="pages.pricing" className="mt-2 inline-block font-semibold text-indigo-700 underline">
                See plans
              </Link>
            </div>
          ) : null}
          {auth.user ? (
            <ToolRunner
              tool={page.tool}
              documents={documents}
              allowance={allowance}
              actionLabel={page.tool === 'trivia-game' ? `Start ${page.name.toLowerCase()}` : undefined}
            />
          ) : (
            <div className="rounded-lg border border-indigo-200 bg-indigo-50 p-6" data-testid="signin-prompt">
              <h2 className="text-lg font-semibold">{`Sign in to use ${page.name}`}</h2>
              <p className="mt-1 text-sm text-slate-700" data-testid="plan-note">
                AI tools run on the Pro and Plus plans{from ? `, from ${from} a month` : ''}. Create an account, upload
                your material, and upgrade to run the tool on it.
              </p>
              <div className="mt-4 flex gap-3">
                <a
                  href={urlFor('pages.auth.login', {}, { qs: { next: urlFor('pages.ai.tool', { slug: page.slug }) } })}
                  className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
                >
                  Sign in
                </a>
                <a
                  href={urlFor('pages.auth.signup')}
                  className="rounded-md bg-white px-3 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  Create an account
                </a>
              </div>
            </div>
          )}
        </div>
        <aside className="space-y-6 text-sm">
          <section>
            <h2 className="text-base font-semibold">How it works</h2>
            <ol className="mt-2 list-decimal space-y-2 pl-5">
              {page.steps.map((step) => (
                <li key={step.name}>
                  <span className="font-medium">{step.name}.</span> {step.text}
                </li>
              ))}
            </ol>
          </section>
          <section>
            <h2 className="text-base font-semibold">Why students use it</h2>
            <p className="mt-1 text-slate-700">{page.intro}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {page.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </section>
          {related.length ? (
            <section>
              <h2 className="text-base font-semibold">Related tools</h2>
              <ul className="mt-2 space-y-1">
                {related.map((r) => (
                  <li key={r.slug}>
                    <SlugLink route="pages.ai.tool" slug={r.slug} className="text-indigo-700 hover:underline">
                      {r.name}
                    </SlugLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </AppLayout>
  )
}
