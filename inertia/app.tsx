import './css/app.css'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createInertiaApp, type ResolvedComponent } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { ToastProvider } from '~/components/toast'
import { TuyauProvider } from '@adonisjs/inertia/react'
import { client } from '~/client'

createInertiaApp({
  title: (title) => (title ? `${title}` : 'StudyHub'),
  resolve: async (name) => {
    const page = await resolvePageComponent(
      `./pages/${name}.tsx`,
      import.meta.glob<{ default: ResolvedComponent }>('./pages/**/*.tsx')
    )
    return page.default
  },
  setup({ el, App, props }) {
    if (el.hasChildNodes()) {
      hydrateRoot(
        el,
        <TuyauProvider client={client}>
          <ToastProvider>
            <App {...props} />
          </ToastProvider>
        </TuyauProvider>
      )
    } else {
      createRoot(el).render(
        <TuyauProvider client={client}>
          <ToastProvider>
            <App {...props} />
          </ToastProvider>
        </TuyauProvider>
      )
    }
  },
  progress: { color: '#4338ca' },
})
