/*
| When the production build (build/) is stale: `npm start` and `npm run cluster` rebuild the app when
| build/bin/server.js or the stamp is missing, or a source file is newer than the stamp.
*/
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { APP_SOURCE_FOLDERS } from './source_folders.js'

// shared/ is compiled into the build too (types and helpers the pages and the server import).
const SOURCES = [...APP_SOURCE_FOLDERS, 'resources', 'adonisrc.ts', 'vite.config.ts', 'package.json']

/** The newest modification time of the files below `path` (dependencies and dot entries left out). */
function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/** True when build/ of the app at `root` must be built again. */
export function buildIsStale(root) {
  const stamp = join(root, 'build', '.build-stamp')
  if (!existsSync(join(root, 'build', 'bin', 'server.js')) || !existsSync(stamp)) return true
  return statSync(stamp).mtimeMs < Math.max(...SOURCES.map((s) => newestMtime(join(root, s))))
}

/** Records that build/ of the app at `root` matches its sources now. */
export function stampBuild(root) {
  writeFileSync(join(root, 'build', '.build-stamp'), new Date().toISOString())
}
