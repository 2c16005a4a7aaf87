import { assert } from '@japa/assert'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { apiClient } from '@japa/api-client'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import { browserClient } from '@japa/browser-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { chromium } from 'playwright'
import { createServer } from 'node:http'
import { answerClientErrors } from '#services/infra/client_errors'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { sessionBrowserClient } from '@adonisjs/session/plugins/browser_client'
import { authBrowserClient } from '@adonisjs/auth/plugins/browser_client'
import { assertNoOutboundConnection, isAiTestFile, refuseOutboundNetwork } from '#tests/support/network'
import { settingsMark, undoSettingsTo } from '#tests/support/settings'

export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  sessionBrowserClient(app),
  authBrowserClient(app),
  browserClient({
    runInSuites: ['browser'],
    launcher: async (launcherOptions) =>
      chromium.launch({
        ...launcherOptions,
        executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-quic',
        ],
      }),
  }),
]

/**
 * Issue 23.1: an unhandled rejection (or an exception escaping a request) anywhere in the suite
 * fails the test during which it surfaced, and the run. A test that provokes one on purpose
 * takes it out of `processIncidents` itself.
 */
async function takeIncidents() {
  const { processIncidents } = await import('#start/process_guard')
  return processIncidents.splice(0, processIncidents.length)
}

function describeIncidents(incidents: { kind: string; error: unknown; requestId: string | null }[]) {
  return incidents
    .map(
      (i) =>
        `${i.kind}${i.requestId ? ` (request ${i.requestId})` : ''}: ${(i.error as Error)?.stack ?? String(i.error)}`
    )
    .join('\n')
}

export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => testUtils.db().migrate()],
  teardown: [
    async () => {
      // One more turn of the event loop, so a rejection of the last test is counted too.
      await new Promise((resolve) => setTimeout(resolve, 50))
      const incidents = await takeIncidents()
      if (incidents.length) {
        process.exitCode = 1
        throw new Error(
          `The suite left ${incidents.length} unhandled rejection(s) or exception(s):\n${describeIncidents(incidents)}`
        )
      }
    },
  ],
}

function failOnIncidents() {
  return async () => {
    await new Promise((resolve) => setImmediate(resolve))
    const incidents = await takeIncidents()
    if (incidents.length)
      throw new Error(`Unhandled rejection(s) or exception(s) during this test:\n${describeIncidents(incidents)}`)
  }
}

/**
 * The safety net under every group's own teardown: the container bindings a group (or a test outside a
 * group) swapped are restored when it ends, also when its setup failed, so no switch leaks into the next file
 * whatever the order; the settings swaps of the enclosing group stay (tests/support/settings.ts). The process
 * environment is put back too (settings are read once at boot, so this guards only test knobs). Queued
 * embedding work finishes first.
 */
function isolate() {
  const snapshot = { ...process.env }
  const mark = settingsMark()
  return async () => {
    // Ingest embeddings run off the request path: let them finish inside the test that queued them.
    await (await import('#services/ai/embeddings/embedding_queue')).embeddingQueue.idle()
    for (const key of Object.keys(process.env)) if (!(key in snapshot)) delete process.env[key]
    Object.assign(process.env, snapshot)
    app.container.restoreAll()
    undoSettingsTo(mark)
  }
}

/**
 * Each test of a group: the settings swaps and environment knobs the test made and did not undo
 * are undone when it ends, so they never reach the next test; the group's own stay in force.
 * (Container bindings a group swapped in its setup stay too: they are the group's to restore.)
 */
function isolateGroupTest() {
  const snapshot = { ...process.env }
  const mark = settingsMark()
  return () => {
    for (const key of Object.keys(process.env)) if (!(key in snapshot)) delete process.env[key]
    Object.assign(process.env, snapshot)
    undoSettingsTo(mark)
  }
}

/** The whole environment of this run, for a child process that runs the app like this one. */
export function runEnv(): NodeJS.ProcessEnv {
  return { ...process.env }
}

/** Issue 25: the AI tests run with outbound connections refused (the engine must work offline). */
function offline() {
  const restore = refuseOutboundNetwork()
  return () => {
    restore()
    assertNoOutboundConnection()
  }
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  suite.onGroup((group) => group.setup(isolate))
  suite.onGroup((group) => group.each.setup(isolateGroupTest))
  suite.onTest((test) => test.setup(isolate))
  // Tests in a group are reached through their group, tests outside one directly.
  suite.onGroup((group) => isAiTestFile(group.options.meta.fileName) && group.each.setup(offline))
  suite.onTest((test) => isAiTestFile(test.options.meta.fileName) && test.setup(offline))
  suite.onTest((test) => test.teardown(failOnIncidents()))
  // One cluster for every file of the cluster suite (tests/cluster/shared.ts).
  if (suite.name === 'cluster')
    return suite.setup(async () => (await import('#tests/cluster/shared')).startSharedCluster())
  if (['browser', 'functional', 'e2e'].includes(suite.name)) {
    return suite.setup(() => testUtils.httpServer().start((handler) => answerClientErrors(createServer(handler))))
  }
}
