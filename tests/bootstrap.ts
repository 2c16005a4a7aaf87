import { assert } from '@japa/assert'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { apiClient } from '@japa/api-client'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import { browserClient } from '@japa/browser-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { chromium } from 'playwright'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { sessionBrowserClient } from '@adonisjs/session/plugins/browser_client'
import { authBrowserClient } from '@adonisjs/auth/plugins/browser_client'

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

export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => testUtils.db().migrate()],
  teardown: [],
}

/**
 * The safety net under every group's own teardown: whatever a group (or a test outside a
 * group) does to process.env or to container bindings is undone when it ends, also when its
 * setup failed, so no switch leaks into the next file whatever the order. Queued embedding work
 * finishes first.
 */
function isolate() {
  const snapshot = { ...process.env }
  return async () => {
    // Ingest embeddings run off the request path: let them finish inside the test that queued them.
    await (await import('#services/ai/embeddings/embedding_queue')).embeddingQueue.idle()
    for (const key of Object.keys(process.env)) if (!(key in snapshot)) delete process.env[key]
    Object.assign(process.env, snapshot)
    app.container.restoreAll()
  }
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  suite.onGroup((group) => group.setup(isolate))
  suite.onTest((test) => test.setup(isolate))
  if (['browser', 'functional', 'e2e'].includes(suite.name)) {
    return suite.setup(() => testUtils.httpServer().start())
  }
}
