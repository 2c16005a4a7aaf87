// First: it loads reflect-metadata before any framework module.
import { createIgnitor } from './ignitor.js'
import { createServer, type RequestListener } from 'node:http'
import { prettyPrintError } from '@adonisjs/core'
import { answerClientErrors } from '#services/infra/client_errors'
import { markArrival } from '#services/infra/request_arrival'

/** The flag status front lane (app/services/flags/status_fast_lane.ts), loaded once the app booted. */
let withFlagStatusLane: ((handler: RequestListener) => RequestListener) | null = null

createIgnitor((app) => {
  app.booted(async () => {
    withFlagStatusLane = (await import('#services/flags/status_fast_lane')).withFlagStatusLane as any
  })
  app.booting(async () => {
    // docs/rules/operations.md#settings/README: serve on HOST/PORT, default 127.0.0.1:3333 (after the env load).
    process.env.HOST ||= '127.0.0.1'
    process.env.PORT ||= '3333'
  })
})
  .httpServer()
  .start((handler) => {
    const served = withFlagStatusLane ? withFlagStatusLane(handler) : handler
    // First thing: when the request arrived (a remember-me token rotated after it still serves it).
    return answerClientErrors(
      createServer((req, res) => {
        markArrival(req)
        return served(req, res)
      })
    )
  })
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
