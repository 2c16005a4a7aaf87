import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { defineConfig } from '@adonisjs/inertia'

/*
 * The built client manifest's hash, computed once at boot. Inertia would otherwise hash the
 * whole manifest again for every request (its version cache lives on the per-request
 * instance). Without a build (the dev server) Inertia's own default applies.
 */
const manifest = new URL('../public/assets/.vite/manifest.json', import.meta.url)
const assetsVersion = existsSync(manifest) ? createHash('md5').update(readFileSync(manifest)).digest('hex') : undefined

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  encryptHistory: false,
  assetsVersion,
  ssr: {
    enabled: true,
    entrypoint: 'inertia/ssr.tsx',
  },
})

export default inertiaConfig
