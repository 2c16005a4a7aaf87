import './utc.js'
import 'reflect-metadata'
import { Ignitor } from '@adonisjs/core'
import type { ApplicationService } from '@adonisjs/core/types'

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

/**
 * The Ignitor every entrypoint (ace, tests, HTTP server) starts from: the env schema is loaded while booting and
 * SIGTERM (SIGINT under pm2) terminates the app. `tap` adds the entrypoint's own hooks after these.
 */
export function createIgnitor(tap?: (app: ApplicationService) => void) {
  return new Ignitor(APP_ROOT, { importer: IMPORTER }).tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
    tap?.(app)
  })
}
