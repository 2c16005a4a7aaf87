/*
| Bad input (issue 9 item 3; docs/rules/hardening.md#hostile-files: every /api error has the body { code,
| message, status }, validation failures are 400, a 500 never happens on bad input).
|
| Generated from the router's route list: every /api mutation gets fast-check generated invalid
| bodies (junk objects on real field names, arrays, scalars, malformed JSON text) with valid
| path parameters (the caller's own records), every /api route with a path parameter gets
| invalid parameters (very long, unicode, negative, out of integer range, non-numeric), and
| every /api GET gets junk query strings. The caller is a verified pro user (flags on); admin
| routes are called as an admin. For each sample: status < 500; status >= 400 carries the
| contract body; a refused request (>= 400) changed no table's row count.
| Bounded: a few samples per route (HARDENING_SAMPLES, default 8), seed HARDENING_SEED.
*/
import { test } from '@japa/runner'
import { testKnob } from '#tests/support/test_run'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import {
  buildWorld,
  fillParam,
  fillPattern,
  listRoutes,
  type RouteInfo,
  type World,
} from '#tests/support/hardening/world'
import {
  badBody,
  badParam,
  badQuery,
  diffCounts,
  rowCounts,
  userTables,
  type BodySample,
} from '#tests/support/hardening/fuzz'
import { startStripe, seedCatalog } from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'

const SAMPLES = Number(testKnob('HARDENING_SAMPLES') || 8)
const SEED = Number(testKnob('HARDENING_SEED') || 20260521)

/** Tables a route legitimately writes whatever the input (documented in docs/decisions/hardening.md). */
const LEGIT_WRITES: Record<string, string[]> = {
  // Signature is checked first; a delivery may be logged.
  'api.billing.webhook': ['billing_webhook_events'],
  // Regeneration runs (secret/admin guarded) are recorded, and may lock.
  'api.sitemap.regenerate': ['sitemap_runs', 'locks'],
  'api.admin.sitemap.regenerate': ['sitemap_runs', 'locks'],
  // docs/rules/hardening.md#hostile-files: every sign-up POST counts as a SIGNUP_ATTEMPT.
  'api.auth.signup': ['security_events'],
}

/** Hostile parameter values every parameter gets (beyond the generated ones). */
const ALWAYS_PARAMS = ['9223372036854775808', '2147483648', '-1', 'abc', '1.5']

/**
 * Bugs found by this suite in areas still being finished, reported to their owners (see
 * docs/decisions/hardening.md). They are printed as REPORTED instead of failing the run;
 * remove an entry once fixed so the suite guards it again.
 */
const REPORTED: Array<{ route: string; match: RegExp; report: string }> = []

/** Routes not fuzzed here, with the reason (printed). */
const NOT_FUZZED: Record<string, string> = {
  'api.admin.sitemap.regenerate':
    'takes no input and runs a full regeneration whose lock needs its own connection (blocked by the test transaction); covered by tests/functional/sitemaps',
}

function validParams(route: RouteInfo, w: World): Record<string, string> | null {
  const values: Record<string, string> = {}
  for (const param of route.params) {
    const fill = fillParam(param, route, w)
    if ('skip' in fill) return null
    values[param] = fill.value
  }
  return values
}

function isContractError(body: any, status: number) {
  return (
    body !== null &&
    typeof body === 'object' &&
    typeof body.code === 'string' &&
    /^[A-Z_]+$/.test(body.code) &&
    typeof body.message === 'string' &&
    body.message.length > 0 &&
    body.status === status
  )
}

test.group('Hardening / bad input never 5xx, always the contract error, no row written (CONTRACT 2)', (group) => {
  let stripe: StripeTestServer
  group.setup(async () => {
    stripe = await startStripe()
    return () => stripe.stop()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // About 1,150 samples: 5–8 s on SQLite, about 2 min on PostgreSQL (a savepoint and two table
  // counts per sample), 3–5 min on a loaded machine.
  group.each.timeout(600_000)

  test('generated bodies, path parameters and query strings on every /api route', async ({ client, assert }) => {
    await seedCatalog()
    await limiter.clear()
    const w = await buildWorld(client, { stripe })
    const tables = await userTables()
    const routes = listRoutes().filter((r) => r.pattern.startsWith('/api/'))
    // Deletes last: they may legitimately remove the caller's own records used as parameters.
    routes.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'))

    const failures: string[] = []
    const accepted: string[] = []
    const skipped: string[] = []
    const stats = { samples: 0, rolledBack: 0, byStatus: {} as Record<number, number> }
    const started = Date.now()

    const send = async (
      route: RouteInfo,
      url: string,
      body: BodySample | null,
      query: Record<string, string> | null,
      what: string
    ) => {
      let request = client.request(url, route.method).redirects(0)
      if (query) request = request.qs(query)
      if (route.method !== 'GET') {
        request = request.withCsrfToken()
        if (body?.kind === 'json') request = request.json(body.value as any)
        else if (body?.kind === 'raw') request = request.type('application/json').unsafeJson(body.text)
      }
      request = request.loginAs(route.admin ? w.admin : w.a)
      // A savepoint per sample: on PostgreSQL one failed statement aborts the whole test
      // transaction, so it is rolled back to here and the failure reported.
      await db.rawQuery('SAVEPOINT hardening_sample')
      const before = await rowCounts(tables)
      const response = await request
      let after: Record<string, number>
      try {
        after = await rowCounts(tables)
        await db.rawQuery('RELEASE SAVEPOINT hardening_sample')
      } catch (error: any) {
        await db.rawQuery('ROLLBACK TO SAVEPOINT hardening_sample')
        await db.rawQuery('RELEASE SAVEPOINT hardening_sample')
        // Only the test's shared transaction is affected (production requests do not share
        // one); a 5xx is reported below anyway.
        stats.rolledBack++
        if (testKnob('HARDENING_VERBOSE')) console.log(`    rolled back: ${String(error.message).split(' - ').pop()}`)
        after = before
      }
      const status = response.status()
      stats.samples++
      stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1
      const shown = `${route.method} ${url.slice(0, 120)} ${what} → ${status}`
      if (status >= 500) failures.push(`${shown}: 5xx ${response.text().slice(0, 200)}`)
      if (status >= 400 && !isContractError(response.body(), status)) {
        failures.push(`${shown}: not the contract error body: ${response.text().slice(0, 160)}`)
      }
      if (status >= 400) {
        const changed = diffCounts(before, after, LEGIT_WRITES[route.name ?? ''] ?? [])
        if (changed.length) failures.push(`${shown}: refused but wrote rows (${changed.join(', ')})`)
      } else if (body) {
        accepted.push(shown)
      }
      if (testKnob('HARDENING_VERBOSE')) console.log(`    ${shown}`)
    }

    for (const [index, route] of routes.entries()) {
      if (route.name && NOT_FUZZED[route.name]) {
        skipped.push(`${route.method} ${route.pattern}: ${NOT_FUZZED[route.name]}`)
        continue
      }
      await limiter.clear()
      const params = validParams(route, w)
      if (route.params.length && !params) {
        skipped.push(`${route.method} ${route.pattern}: no valid parameter values known`)
      }
      const seed = SEED + index
      // 1. Invalid bodies with valid parameters (mutations other than DELETE).
      if (params && !['GET', 'DELETE'].includes(route.method)) {
        for (const body of fc.sample(badBody, { numRuns: SAMPLES, seed })) {
          const what =
            body.kind === 'raw'
              ? `raw ${JSON.stringify(body.text.slice(0, 30))}`
              : `json ${JSON.stringify(body.value)?.slice(0, 60)}`
          await send(route, fillPattern(route.pattern, params), body, null, what)
        }
      }
      // 2. Invalid path parameters (one at a time, the others valid; an empty body).
      if (params) {
        for (const param of route.params) {
          const values = [
            ...ALWAYS_PARAMS,
            ...fc.sample(badParam, { numRuns: Math.max(2, Math.ceil(SAMPLES / 2)), seed: seed + 7 }),
          ]
          for (const value of values) {
            const url = fillPattern(route.pattern, { ...params, [param]: value })
            await send(
              route,
              url,
              route.method === 'GET' ? null : { kind: 'json', value: {} },
              null,
              `:${param}=${JSON.stringify(value.slice(0, 20))}`
            )
          }
        }
      }
      // 3. Junk query strings on reads.
      if (params && route.method === 'GET') {
        for (const query of fc.sample(badQuery, { numRuns: SAMPLES, seed: seed + 13 })) {
          await send(
            route,
            fillPattern(route.pattern, params),
            null,
            query,
            `?${new URLSearchParams(query).toString().slice(0, 60)}`
          )
        }
      }
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(
      `  bad input: ${routes.length} /api route methods, ${stats.samples} requests in ${seconds}s (seed ${SEED}), statuses ${JSON.stringify(stats.byStatus)}, ${stats.rolledBack} rolled back to a savepoint (PostgreSQL)`
    )
    if (accepted.length)
      console.log(
        `  accepted (2xx/3xx) with a generated body (informational, first 15):\n    ${accepted.slice(0, 15).join('\n    ')}`
      )
    if (skipped.length) console.log(`  skipped:\n    ${skipped.join('\n    ')}`)
    const reported = failures.filter((f) => REPORTED.some((r) => f.includes(r.route) && r.match.test(f)))
    const real = failures.filter((f) => !reported.includes(f))
    if (reported.length) console.log(`  REPORTED (known bugs of unfinished areas):\n    ${reported.join('\n    ')}`)
    assert.deepEqual(real, [], `${real.length} failures:\n${real.join('\n')}`)
    assert.deepEqual(
      skipped.filter((s) => !Object.values(NOT_FUZZED).some((r) => s.endsWith(r))),
      []
    )
    assert.isAbove(stats.samples, 100)
  })
})
