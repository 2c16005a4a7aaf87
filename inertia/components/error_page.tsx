import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { urlFor } from '~/client'

/** The friendly page behind every page error (404, 403, 400, 500). Never indexed. */
export function ErrorPage({ status, title, text }: { status: number; title: string; text: string }) {
  return (
    <AppLayout>
      <Seo title={title} description={text} robots="noindex, nofollow" />
      <div className="py-16 text-center">
        <p className="text-sm font-semibold text-indigo-600">{status}</p>
        <h1 className="mt-2 text-3xl font-bold">{title}</h1>
        <p className="mt-4 text-slate-600">{text}</p>
        <a href={urlFor('pages.home')} className="mt-6 inline-block text-indigo-700 underline">
          Go to the home page
        </a>
      </div>
    </AppLayout>
  )
}
