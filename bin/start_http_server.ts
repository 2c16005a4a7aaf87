import 'reflect-metadata'
import { createServer, type RequestListener } from 'node:http'
import { Ignitor, prettyPrintError } from '@adonisjs/core'

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

/** The flag status front lane (app/services/flags/status_fast_lane.ts), loaded once the app booted. */
let withFlagStatusLane: ((handler: RequestListener) => RequestListener) | null = null

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booted(async () => {
      withFlagStatusLane = (await import('#services/flags/status_fast_lane')).withFlagStatusLane as any
    })
    app.booting(async () => {
      await import('#start/env')
      // docs/rules/operations.md#settings/README: serve on HOST/PORT, default 127.0.0.1:3333.
      process.env.HOST ||= '127.0.0.1'
      process.env.PORT ||= '3333'
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .httpServer()
  .start((handler) => createServer(withFlagStatusLane ? withFlagStatusLane(handler) : handler))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
