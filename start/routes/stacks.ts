import { middleware } from '#start/kernel'

/** Session, shield (CSRF + headers) and auth resolution: pages and signed-in API routes. */
export function webStack() {
  return [middleware.session(), middleware.shield(), middleware.initializeAuth(), middleware.silentAuth()]
}
