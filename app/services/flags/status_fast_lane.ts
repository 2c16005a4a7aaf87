/*
| The front lane of GET /api/feature-flags/status/:name, the hottest route of the site (every
| page view of a free user asks for enable_ads). It sits in front of the framework's request
| handler (bin/start_http_server.ts) and answers a plain GET of a plain name without query
| string from the flags cache: synchronously when nothing is due (`peek`), otherwise after
| `isEnabled` did the due work (first load, reload after a write, the once-a-second version
| probe, the TTL), so docs/rules/flags.md#evaluation cache rules hold unchanged. Anything else falls through to
| the route. The bytes and headers are the route's own (docs/decisions/hot_paths.md).
*/
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import featureFlags, { type FeatureFlags } from '#services/flags/feature_flags'

const PREFIX = '/api/feature-flags/status/'
const PLAIN_NAME = /^[A-Za-z0-9_.:-]{1,100}$/

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown

export function statusBody(name: string, isEnabled: boolean) {
  return `{"name":${JSON.stringify(name)},"is_enabled":${isEnabled}}`
}

/** Wraps the framework's handler; returns a handler for `http.createServer`. */
export function withFlagStatusLane(handler: Handler, flags: FeatureFlags = featureFlags): Handler {
  return (req, res) => {
    const url = req.url
    if (req.method !== 'GET' || !url || !url.startsWith(PREFIX)) return handler(req, res)
    const name = url.slice(PREFIX.length)
    if (!PLAIN_NAME.test(name)) return handler(req, res)
    const cached = flags.peek(name)
    if (cached !== undefined) return answer(req, res, name, cached)
    return flags.isEnabled(name).then(
      (isEnabled) => answer(req, res, name, isEnabled),
      () => handler(req, res)
    )
  }
}

function answer(req: IncomingMessage, res: ServerResponse, name: string, isEnabled: boolean) {
  const body = statusBody(name, isEnabled)
  const requestId = req.headers['x-request-id']
  res.writeHead(200, {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-store',
    'X-Request-Id': typeof requestId === 'string' && requestId ? requestId : randomUUID(),
    'Content-Length': Buffer.byteLength(body),
    'Content-Type': 'application/json; charset=utf-8',
  })
  res.end(body)
}
