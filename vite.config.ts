import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import adonisjs from '@adonisjs/vite/client'

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    adonisjs({
      entryPoints: ['inertia/app.tsx'],
      serverEntryPoints: ['inertia/ssr.tsx'],
      reload: ['resources/views/**/*.edge'],
    }),
  ],
  resolve: {
    alias: {
      '~/': `${import.meta.dirname}/inertia/`,
      '@generated': `${import.meta.dirname}/.adonisjs/client/`,
    },
  },
  // Tests run several app processes at once: no HMR socket, and a cache folder per port.
  cacheDir: process.env.NODE_ENV === 'test' ? `node_modules/.vite-test-${process.env.PORT || 'default'}` : undefined,
  server: {
    hmr: process.env.NODE_ENV === 'test' ? false : undefined,
    watch: {
      ignored: [`${import.meta.dirname}/storage/**`, `${import.meta.dirname}/tmp/**`],
    },
  },
})
