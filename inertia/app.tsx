import './css/app.css'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createInertiaApp, type ResolvedComponent } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { ToastProvider } from '~/components/toast'

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
      hydrateRoot(el, <ToastProvider><App {...props} /></ToastProvider>)
    } else {
      createRoot(el).render(<ToastProvider><App {...props} /></ToastProvider>)
    }
  },
  progress: { color: '#4338ca' },
})
