import { useState, type ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { useShared } from '~/lib/page_props'
import { useToast } from '~/components/toast'
import { api, errorMessage } from '~/lib/api'
import { DunningBanner } from '~/components/dunning_banner'

/** Shell of every page: header navigation, optional top banners, content, footer. */
export function AppLayout({ children, banners, wide = false }: { children: ReactNode; banners?: ReactNode; wide?: boolean }) {
  const { auth } = useShared()
  const user = auth.user

  const toast = useToast()
  const [signingOut, setSigningOut] = useState(false)

  // A failed sign-out (429, network) must not look like a success: stay, and say so.
  async function signOut() {
    setSigningOut(true)
    try {
      await api('/auth/logout', { method: 'POST' })
      window.location.href = '/'
    } catch (error) {
      setSigningOut(false)
      toast('error', `You are still signed in: ${errorMessage(error)}`)
    }
  }

  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm">
          <Link href="/" className="text-lg font-bold text-indigo-700">
            StudyHub
          </Link>
          <Link href="/institutions" className="text-slate-700 hover:text-indigo-700">Institutions</Link>
          <Link href="/courses" className="text-slate-700 hover:text-indigo-700">Courses</Link>
          <Link href="/documents" className="text-slate-700 hover:text-indigo-700">Documents</Link>
          <Link href="/ai" className="text-slate-700 hover:text-indigo-700">AI tools</Link>
          <Link href="/pricing" className="text-slate-700 hover:text-indigo-700">Pricing</Link>
          <div className="ml-auto flex items-center gap-4">
            {user ? (
              <>
                <Link href="/dashboard" className="text-slate-700 hover:text-indigo-700">Dashboard</Link>
                <Link href="/notes" className="text-slate-700 hover:text-indigo-700">Notes</Link>
                <Link href="/my-documents" className="text-slate-700 hover:text-indigo-700">My documents</Link>
                {user.role === 'admin' ? (
                  <Link href="/admin/flags" className="text-slate-700 hover:text-indigo-700">Admin</Link>
                ) : null}
                <Link href="/settings" className="text-slate-700 hover:text-indigo-700" data-testid="nav-user">
                  {user.username || user.email}
                </Link>
                <button type="button" onClick={signOut} disabled={signingOut} aria-busy={signingOut} className="text-slate-500 hover:text-slate-900 disabled:opacity-60">
                  {signingOut ? 'Signing out…' : 'Sign out'}
                </button>
              </>
            ) : (
              <>
                <Link href="/login" className="text-slate-700 hover:text-indigo-700">Sign in</Link>
                <Link href="/signup" className="rounded-md bg-indigo-600 px-3 py-1.5 font-semibold text-white hover:bg-indigo-700">
                  Sign up
                </Link>
              </>
            )}
          </div>
        </nav>
      </header>
      {user ? <DunningBanner /> : null}
      {banners ? <div className="mx-auto w-full max-w-6xl space-y-2 px-4 pt-3">{banners}</div> : null}
      <main className={`mx-auto w-full flex-1 px-4 py-8 ${wide ? 'max-w-7xl' : 'max-w-6xl'}`}>{children}</main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-4 px-4 py-6 text-xs text-slate-500">
          <span>© StudyHub</span>
          <a href="/pricing">Pricing</a>
          <a href="/llms.txt">llms.txt</a>
          <a href="/sitemap.xml">Sitemap</a>
        </div>
      </footer>
    </div>
  )
}
