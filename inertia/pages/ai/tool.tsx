import { Link } from '@inertiajs/react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { useShared } from '~/lib/page_props'
import { VerificationBanner } from '~/components/verification_banner'
import { ToolRunner, type MyDocument, type ToolKind } from '~/components/ai/tool_runner'

type ToolPage = {
  slug: string
  tool: ToolKind
  name: string
  headline: string
  description: string
  intro: string
  steps: { name: string; text: string }[]
  benefits: string[]
}

type Props = { page: ToolPage; documents: MyDocument[]; related: { slug: string; name: string }[] }

export default function AiToolPage({ page, documents, related }: Props) {
  const { app, auth } = useShared()
  const url = `${app.url}/ai/${page.slug}`
  return (
    <AppLayout banners={auth.user ? <VerificationBanner /> : undefined}>
      <Seo
        title={`${page.name} – free AI study tool | StudyHub`}
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
            'offers': { '@type': 'Offer', 'price': '0', 'priceCurrency': 'USD' },
          },
          {
            '@context': 'https://schema.org',
            '@type': 'HowTo',
            'name': `How to use the ${page.name}`,
            'description': page.intro,
            'step': page.steps.map((step, i) => ({ '@type': 'HowToStep', 'position': i + 1, 'name': step.name, 'text': step.text })),
          },
        ]}
      />
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <Link href="/ai" className="hover:text-indigo-700">
          AI tools
        </Link>{' '}
        / <span>{page.name}</span>
      </nav>
      <h1 className="mt-2 text-3xl font-bold">{page.headline}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{page.description}</p>

      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {auth.user ? (
            <ToolRunner tool={page.tool} documents={documents} />
          ) : (
            <div className="rounded-lg border border-indigo-200 bg-indigo-50 p-6" data-testid="signin-prompt">
              <h2 className="text-lg font-semibold">Sign in to use the {page.name}</h2>
              <p className="mt-1 text-sm text-slate-700">Create a free account, upload your material and run the tool on it.</p>
              <div className="mt-4 flex gap-3">
                <a href={`/login?next=${encodeURIComponent(`/ai/${page.slug}`)}`} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
                  Sign in
                </a>
                <a href="/signup" className="rounded-md bg-white px-3 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50">
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
                    <Link href={`/ai/${r.slug}`} className="text-indigo-700 hover:underline">
                      {r.name}
                    </Link>
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
