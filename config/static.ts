import { defineConfig } from '@adonisjs/static'

/**
 * Configuration options to tweak the static files middleware.
 * The complete set of options are documented on the
 * official documentation website.
 *
 * https://docs.adonisjs.com/guides/static-assets
 */
/** Vite's build output under /assets/ carries a content hash in each name (`app-B3x9kQ1z.js`). */
const HASHED_ASSET = /[\\/]assets[\\/].+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i

const staticServerConfig = defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
  // A hashed file never changes under its name: cache it for a year, never revalidate.
  headers: (path) => (HASHED_ASSET.test(path) ? { 'Cache-Control': 'public, max-age=31536000, immutable' } : {}),
})

export default staticServerConfig
