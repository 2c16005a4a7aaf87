/**
 * A verified user as a bare row (no model hooks, no hashing): for loads that need many accounts
 * fast. The password `x` is no hash, so such an account can never sign in.
 */
export function bareUserRow(email: string, now: string) {
  return { email, role: 'user', email_verified: true, password: 'x', created_at: now, updated_at: now }
}
