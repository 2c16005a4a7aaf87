import { useState, type ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { useShared } from '~/lib/page_props'
import { useToast } from '~/components/toast'
import { api, errorMessage } from '~/lib/api'
import { DunningBanner } from '~/components/dunning_banner'
import { SiteNav } from '~/components/site_nav'
import { urlFor, type RouteName } from '~/client'
import { useHydrated } from '~/components/auth_form'

type NavItem = { route: RouteName; label: string }

const PRIMARY: NavItem[] = [
  { route: 'pages.institutions.index', label: 'Institutions' },
  { route: 'pages.courses.index', label: 'Courses' },
  { route: 'pages.documents.index', label: 'Documents' },
  { route: 'pages.ai.hub', label: 'AI tools' },
  { route: 'pages.pricing', label: 'Pricing' },
]
const ACCOUNT: NavItem[] = [
  { route: 'pages.workspace.dashboard', label: 'Dashboard' },
  { route: 'pages.study.index', label: 'Study' },
  { route: 'notes.index', label: 'Notes' },
  { route: 'pages.workspace.my_documents', label: 'My documents' },
]
const ADMIN: NavItem = { route: 'pages.admin.flags', label: 'Admin' }

function NavLinks({ items }: { items: NavItem[] }) {
  return items.map((item) => (
    <Link key={item.route} route={item.route} className="text-slate-700 hover:text-indigo-700">
      {item.label}
    </Link>
  ))
}

/** Shell of every page: header navigation, optional top banners, content, footer. */
export function AppLayout({
  children,
  banners,
  wide = false,
}: {
  children: ReactNode
  banners?: ReactNode
  wide?: boolean
}) {
  const { auth } = useShared()
  const user = auth.user

  const toast = useToast()
  const [signingOut, setSigningOut] = useState(false)
  const hydrated = useHydrated()

  // A failed sign-out (429, network) must not look like a success: stay, and say so.
  async function signOut() {
    setSigningOut(true)
    try {
      await api(urlFor('api.auth.logout'), { method: 'POST' })
      window.location.href = urlFor('pages.home')
    } catch (error) {
      setSigningOut(false)
      toast('error', `You are still signed in: ${errorMessage(error)}`)
    }
  }

  return (
    <div className="flex min-h-screen flex-col">
      {/* The first Tab stop: hidden until focused, then it takes the keyboard past the navigation. */}
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-3 font-semibold text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <nav
          aria-label="Main"
          className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm"
        >
          <Link route="pages.home" className="text-lg font-bold text-indigo-700">
            StudyHub
          </Link>
          <SiteNav
            primary={<NavLinks items={PRIMARY} />}
            account={
              user ? (
                <>
                  <NavLinks items={user.role === 'admin' ? [...ACCOUNT, ADMIN] : ACCOUNT} />
                  <Link
                    route="pages.auth.settings"
                    className="break-all text-slate-700 hover:text-indigo-700"
                    data-testid="nav-user"
                  >
                    {user.username || user.email}
                  </Link>
                  <button
                    type="button"
                    onClick={signOut}
                    disabled={signingOut}
                    aria-busy={signingOut}
                    data-testid="sign-out"
                    data-ready={hydrated ? 'true' : 'false'}
                    className="text-slate-500 hover:text-slate-900 disabled:opacity-60"
                  >
                    {signingOut ? 'Signing out…' : 'Sign out'}
                  </button>
                </>
              ) : (
                <>
                  <Link route="pages.auth.login" className="text-slate-700 hover:text-indigo-700">
                    Sign in
                  </Link>
                  <Link
                    route="pages.auth.signup"
                    className="rounded-md bg-indigo-600 px-3 py-1.5 font-semibold text-white hover:bg-indigo-700"
                  >
                    Sign up
                  </Link>
                </>
              )
            }
          />
        </nav>
      </header>
      {user ? <DunningBanner /> : null}
      {banners ? <div className="mx-auto w-full max-w-6xl space-y-2 px-4 pt-3">{banners}</div> : null}
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto w-full flex-1 px-4 py-8 outline-none ${wide ? 'max-w-7xl' : 'max-w-6xl'}`}
      >
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-4 px-4 py-6 text-xs text-slate-500">
          <span>© StudyHub</span>
          <a href={urlFor('pages.pricing')}>Pricing</a>
          <a href={urlFor('site.llms_txt')}>llms.txt</a>
          <a href={urlFor('site.sitemap_index')}>Sitemap</a>
        </div>
      </footer>
    </div>
  )
}
