import { Head } from '@inertiajs/react'
import { useShared } from '~/lib/page_props'

export type SeoProps = {
  title: string
  description?: string
  /** Absolute canonical URL. */
  canonical?: string
  /** The canonical URL as a path under the app's URL (instead of `canonical`). */
  path?: string
  /** e.g. "noindex, follow". Omitted means indexable. */
  robots?: string
  /** Structured data objects, each rendered as one application/ld+json script. */
  jsonLd?: object[]
  /** Pages whose URL carries a secret token: the browser sends no Referer from them. */
  noReferrer?: boolean
}

/** Page metadata rendered into the SSR head (docs/rules/crawler.md#sitemaps "Page metadata rules"). */
export function Seo({ title, description, path, robots, jsonLd = [], noReferrer = false, ...rest }: SeoProps) {
  const { app } = useShared()
  const canonical = rest.canonical ?? (path === undefined ? undefined : `${app.url}${path}`)
  return (
    <Head title={title}>
      {description ? <meta head-key="description" name="description" content={description} /> : null}
      {canonical ? <link head-key="canonical" rel="canonical" href={canonical} /> : null}
      <meta
        head-key="robots"
        name="robots"
        content={robots || 'index, follow, max-image-preview:large, max-snippet:-1'}
      />
      {description ? <meta head-key="og:description" property="og:description" content={description} /> : null}
      <meta head-key="og:title" property="og:title" content={title} />
      {noReferrer ? <meta head-key="referrer" name="referrer" content="no-referrer" /> : null}
      {jsonLd.map((data, index) => (
        <script
          key={index}
          head-key={`ld-${index}`}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
        />
      ))}
    </Head>
  )
}
