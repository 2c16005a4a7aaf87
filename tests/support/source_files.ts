import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'

/** Code without comments, so a sentence about a table or a call is not one. */
export const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')

/** The TypeScript sources the app runs under `dirs`, by path relative to the app root, for static checks. */
export function sourceFiles(dirs: string[]): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (/\.(ts|tsx)$/.test(name))
        out.push({ path: relative(app.makePath(), full), text: readFileSync(full, 'utf8') })
    }
  }
  for (const dir of dirs) walk(app.makePath(dir))
  return out
}
