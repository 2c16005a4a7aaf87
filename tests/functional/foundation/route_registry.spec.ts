import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import { routes as registry } from '../../../.adonisjs/client/registry/index.js'

/*
 * The pages build URLs from the committed tuyau registry (.adonisjs/client/registry). A route
 * added, renamed or moved without `node ace codegen` would leave the pages on stale URLs.
 */
test.group('Foundation / typed route registry', () => {
  test('the committed client registry matches the router (run `node ace codegen` when it fails)', ({ assert }) => {
    const live: Record<string, { pattern: string; methods: string[] }> = {}
    for (const domainRoutes of Object.values(router.toJSON())) {
      for (const route of domainRoutes) {
        if (route.name) live[route.name] = { pattern: route.pattern, methods: [...route.methods].sort() }
      }
    }
    const committed: Record<string, { pattern: string; methods: string[] }> = {}
    for (const [name, route] of Object.entries(registry)) {
      committed[name] = { pattern: route.pattern, methods: [...route.methods].sort() }
    }
    assert.isAbove(Object.keys(live).length, 100)
    assert.deepEqual(committed, live)
  })

  test('every route has a name, so pages and tests can refer to it', ({ assert }) => {
    const unnamed = Object.values(router.toJSON())
      .flat()
      .filter((route) => !route.name)
      .map((route) => `${route.methods.join(',')} ${route.pattern}`)
    assert.deepEqual(unnamed, [])
  })
})
