/*
| The project root: the folder holding adonisrc.ts. The compiled app in build/ has no
| adonisrc.ts, so from there this resolves to build's parent (docs/rules/operations.md#settings: `.env`,
| SQLITE_FILE and STORAGE_PATH resolve against the project root).
*/
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, isAbsolute, join, resolve } from 'node:path'

function findProjectRoot(): string {
  const appRoot = fileURLToPath(new URL('../', import.meta.url))
  if (existsSync(join(appRoot, 'adonisrc.ts'))) return appRoot
  const parent = dirname(appRoot.replace(/\/$/, ''))
  if (existsSync(join(parent, 'adonisrc.ts'))) return parent + '/'
  return appRoot
}

export const projectRootPath = findProjectRoot()
export const projectRoot = new URL(`file://${projectRootPath.endsWith('/') ? projectRootPath : projectRootPath + '/'}`)

export function fromProjectRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(projectRootPath, path)
}
