/**
 * When each request reached this process (docs/decisions/instances.md): the HTTP server's
 * request listener marks it first thing (bin/start_http_server.ts), the first server middleware
 * marks what nothing marked (the test server). A remember-me token rotated after that moment
 * still serves the request (app/services/accounts/remember_rotation.ts). No imports: the server
 * entry loads it before the app.
 */
const arrivals = new WeakMap<object, number>()

export function markArrival(request: object) {
  if (!arrivals.has(request)) arrivals.set(request, Date.now())
}

/** When the request reached the server (now, for a request nothing marked). */
export function arrivalOf(request: object) {
  return arrivals.get(request) ?? Date.now()
}
