import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'

export default function ErrorPage(_props: { status: number; message?: string }) {
  return (
    <AppLayout>
      <Seo title="Something went wrong" robots="noindex, nofollow" />
      <div className="py-16 text-center">
        <p className="text-sm font-semibold text-indigo-600">500</p>
        <h1 className="mt-2 text-3xl font-bold">Something went wrong</h1>
        <p className="mt-4 text-slate-600">{'Please try again in a moment.'}</p>
        <a href="/" className="mt-6 inline-block text-indigo-700 underline">Go to the home page</a>
      </div>
    </AppLayout>
  )
}
