import ReactDOMServer from 'react-dom/server'
import { createInertiaApp, type ResolvedComponent } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { createRenderCache } from './ssr_render_cache'
import { ToastProvider } from '~/components/toast'
import { TuyauProvider } from '@adonisjs/inertia/react'
import { client } from '~/client'

const pages = import.meta.glob<{ default: ResolvedComponent }>('./pages/**/*.tsx', { eager: true })

function renderPage(page: any) {
  return createInertiaApp({
    page,
    render: ReactDOMServer.renderToString,
    title: (title) => (title ? `${title}` : 'StudyHub'),
    resolve: async (name) => {
      const resolved = await resolvePageComponent(`./pages/${name}.tsx`, pages)
      return resolved.default
    },
    // The provider sits above every page so that pages themselves can call useToast().
    setup: ({ App, props }) => (
      <TuyauProvider client={client}>
        <ToastProvider>
          <App {...props} />
        </ToastProvider>
      </TuyauProvider>
    ),
  })
}

/*
 * The server render is a pure function of the page object, so identical page objects (every
 * anonymous visitor of the same catalog page while its rows are unchanged) reuse one render.
 * The data is still loaded fresh on every request: a changed row changes the key.
 */
export default createRenderCache(renderPage)
