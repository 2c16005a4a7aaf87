import env from '#start/env'

/**
 * Account creation (docs/rules/accounts.md#signup): the sign-up budget per network, the disposable-domain
 * allowlist and the Google sign-in client. Read once at boot (SignupSettings).
 */
export const accountsConfig = {
  /** AUTH_SIGNUP_RATE_LIMIT_PER_DAY: sign-up attempts per network per 24 hours (default 3; 0 closes sign-up). */
  signupLimitPerDay: Math.floor(Math.max(0, env.get('AUTH_SIGNUP_RATE_LIMIT_PER_DAY') ?? 3)),
  /**
   * AUTH_SIGNUP_ATTEMPT_RETENTION_DAYS: sign-up attempts (one row per POST, with the caller's network) are
   * deleted after this many days (default 30, at least 1: the limit counts the last 24 hours).
   */
  signupAttemptRetentionDays: Math.max(1, Math.floor(env.get('AUTH_SIGNUP_ATTEMPT_RETENTION_DAYS') ?? 30)),
  /** AUTH_DISPOSABLE_ALLOWLIST: comma-separated domains the disposable block list does not apply to. */
  disposableAllowlist: (env.get('AUTH_DISPOSABLE_ALLOWLIST') ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean),
  google: {
    clientId: env.get('GOOGLE_CLIENT_ID') || '',
    clientSecret: env.get('GOOGLE_CLIENT_SECRET') || '',
    authorizeUrl: env.get('GOOGLE_AUTHORIZE_URL') || 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: env.get('GOOGLE_TOKEN_URL') || 'https://oauth2.googleapis.com/token',
    userInfoUrl: env.get('GOOGLE_USER_INFO_URL') || 'https://openidconnect.googleapis.com/v1/userinfo',
  },
}
