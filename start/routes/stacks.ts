import { middleware } from '#start/kernel'

/** Session, shield (CSRF + headers) and auth resolution: pages and signed-in API routes. */
export function webStack() {
  return [middleware.session(), middleware.shield(), middleware.initializeAuth(), middleware.silentAuth()]
}

/** The web stack for a signed-in user: 401 without a session. */
export function signedInStack() {
  return [...webStack(), middleware.auth()]
}

/** A signed-in page that search engines must not index. */
export function signedInPageStack() {
  return [...signedInStack(), middleware.noindex()]
}

/** An admin page: 401 signed out, 403 for a non-admin, never indexed. */
export function adminPageStack() {
  return [...signedInStack(), middleware.admin(), middleware.noindex()]
}
