/*
| The last line of defence (issue 23.1): an unhandled promise rejection, or an exception thrown
| while serving a request, is logged with the request id and the process keeps serving. An
| exception outside any request still ends the process (its state is unknown), except under
| the test runner, which reports it itself. Tests read `processIncidents` (tests/bootstrap.ts)
| so that a rejection anywhere in the suite fails it.
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { HttpContext } from '@adonisjs/core/http'

export type ProcessIncident = {
  kind: 'unhandledRejection' | 'uncaughtException'
  error: unknown
  requestId: string | null
}

export const processIncidents: ProcessIncident[] = []

function currentRequest() {
  try {
    return HttpContext.get() ?? null
  } catch {
    return null
  }
}

const INSTALLED = Symbol.for('studyhub.processGuard')
/** Only the test runner empties the list: a long-running server keeps the newest few. */
const KEPT_INCIDENTS = 100

function record(incident: ProcessIncident) {
  processIncidents.push(incident)
  if (processIncidents.length > KEPT_INCIDENTS) processIncidents.splice(0, processIncidents.length - KEPT_INCIDENTS)
}

export function onUnhandledRejection(reason: unknown) {
  const ctx = currentRequest()
  const requestId = ctx?.request.id() ?? null
  record({ kind: 'unhandledRejection', error: reason, requestId })
  logger.error({ err: reason, request_id: requestId }, 'unhandled promise rejection; the process keeps serving')
}

export function onUncaughtException(error: Error) {
  const ctx = currentRequest()
  const requestId = ctx?.request.id() ?? null
  record({ kind: 'uncaughtException', error, requestId })
  if (ctx) {
    logger.error(
      { err: error, request_id: requestId },
      'uncaught exception while serving a request; the process keeps serving'
    )
    return
  }
  logger.fatal({ err: error }, 'uncaught exception outside any request; exiting')
  if (!app.inTest) process.exit(1)
}

if (!(globalThis as any)[INSTALLED]) {
  ;(globalThis as any)[INSTALLED] = true
  process.on('unhandledRejection', onUnhandledRejection)
  process.on('uncaughtException', onUncaughtException)
}
