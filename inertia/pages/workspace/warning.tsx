import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { urlFor } from '~/client'

const REASONS: Record<string, { title: string; text: string }> = {
  blocked: { title: 'Access blocked', text: 'Too many attempts came from your network. Please try again later.' },
  suspended: {
    title: 'Account suspended',
    text: 'This account is suspended. Contact support if you think this is a mistake.',
  },
}

export default function Warning({ reason }: { reason: string }) {
  const copy = (Object.hasOwn(REASONS, reason) && REASONS[reason]) || {
    title: 'Something needs your attention',
    text: 'This action is not available right now. Please try again later.',
  }
  return (
    <AppLayout>
      <Seo title={copy.title} description={copy.text} robots="noindex, nofollow" />
      <div className="mx-auto max-w-xl py-16 text-center" data-testid="warning">
        <h1 className="text-2xl font-bold">{copy.title}</h1>
        <p className="mt-4 text-slate-600">{copy.text}</p>
        <a href={urlFor('pages.home')} className="mt-6 inline-block text-indigo-700 underline">
          Go to the home page
        </a>
      </div>
    </AppLayout>
  )
}
