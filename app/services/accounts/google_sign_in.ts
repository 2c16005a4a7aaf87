import db from '@adonisjs/lucid/services/db'
import type { SignupSettings } from '#services/accounts/signup_settings'
import { randomBytes } from 'node:crypto'
import User from '#models/user'
import { ensureSubscriptionRow } from '#services/billing/subscription_writer'
import { appUrl } from '#config/app'
import { AccountInputError } from '#exceptions/accounts_errors'
import {
  canonicalizeEmail,
  emailFitsColumns,
  normalizeEmail,
  storableCanonical,
} from '#services/accounts/canonical_email'
import { assertNotDisposable, findDuplicate } from '#services/accounts/signup_service'
import { isUniqueViolation } from '#services/database/unique_violation'

/**
 * Google sign-in (docs/rules/accounts.md#sessions, docs/rules/accounts.md#signup): the OAuth 2.0
 * authorization-code flow over fetch, with every endpoint configurable so tests run it against a local fake
 * provider. See docs/decisions/accounts.md for why this is not @adonisjs/ally.
 */
export type GoogleProfile = { sub: string; email: string; email_verified: boolean; name?: string | null }

export const GOOGLE_SIGN_IN_REASONS = [
  'not_configured',
  'state',
  'cancelled',
  'provider',
  'unverified',
  'unproven_account',
  'disposable',
  'conflict',
] as const

export class GoogleSignInError extends Error {
  constructor(readonly reason: (typeof GOOGLE_SIGN_IN_REASONS)[number]) {
    super(reason)
  }
}

/** The `?error=` code the sign-in page shows a message for (`google_<reason>`), or null for anything else. */
export function signInErrorCode(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('google_')) return null
  const reason = value.slice('google_'.length)
  return (GOOGLE_SIGN_IN_REASONS as readonly string[]).includes(reason) ? value : null
}

/** The Google client of the caller's SignupSettings (config/accounts.ts). */
type GoogleClient = Pick<SignupSettings, 'google'>

export function googleSignInEnabled({ google }: GoogleClient) {
  return Boolean(google.clientId && google.clientSecret)
}

export function googleCallbackUrl() {
  return `${appUrl}/auth/google/callback`
}

export function newOAuthState() {
  return randomBytes(24).toString('base64url')
}

export function googleAuthorizeUrl(settings: GoogleClient, state: string) {
  if (!googleSignInEnabled(settings)) throw new GoogleSignInError('not_configured')
  const url = new URL(settings.google.authorizeUrl)
  url.searchParams.set('client_id', settings.google.clientId)
  url.searchParams.set('redirect_uri', googleCallbackUrl())
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('scope', 'openid email profile')
  url.searchParams.set('state', state)
  url.searchParams.set('prompt', 'select_account')
  return url.toString()
}

async function fetchJson(url: string, init: RequestInit): Promise<any> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
  if (!response.ok) throw new GoogleSignInError('provider')
  return response.json()
}

/** Exchanges the code for an access token and reads the profile. */
export async function fetchGoogleProfile(settings: GoogleClient, code: string): Promise<GoogleProfile> {
  if (!googleSignInEnabled(settings)) throw new GoogleSignInError('not_configured')
  const { google } = settings
  let token: any
  let info: any
  try {
    token = await fetchJson(google.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept': 'application/json' },
      body: new URLSearchParams({
        code,
        client_id: google.clientId,
        client_secret: google.clientSecret,
        redirect_uri: googleCallbackUrl(),
        grant_type: 'authorization_code',
      }),
    })
    if (!token?.access_token) throw new GoogleSignInError('provider')
    info = await fetchJson(google.userInfoUrl, {
      headers: { Authorization: `Bearer ${token.access_token}`, Accept: 'application/json' },
    })
  } catch (error) {
    if (error instanceof GoogleSignInError) throw error
    throw new GoogleSignInError('provider')
  }
  if (!info?.sub || typeof info.email !== 'string') throw new GoogleSignInError('provider')
  // A profile our columns cannot hold (google_id 255, the address's stored forms 254) is the
  // provider's fault like a missing field: PostgreSQL refuses it (22001) where SQLite stores it.
  if (String(info.sub).length > 255 || !emailFitsColumns(info.email)) throw new GoogleSignInError('provider')
  return {
    sub: String(info.sub),
    email: info.email,
    email_verified: info.email_verified === true || info.email_verified === 'true',
    name: typeof info.name === 'string' ? info.name : null,
  }
}

/**
 * docs/rules/accounts.md#signup: a known Google account signs in; an existing literal or canonical match is
 * joined only when the provider verified the address AND the account's owner proved it too (issue 23 item 6):
 * anyone can sign up with someone else's address and a password, and joining that account would hand the
 * victim's Google identity to the squatter. Such an account is refused (`unproven_account`); its owner proves
 * the address first (verification link or password reset, which also ends every session of the account). A new
 * user passes the disposable check and gets canonical_email, and is created verified when the provider verified
 * the address.
 */
export async function resolveGoogleUser(
  profile: GoogleProfile,
  settings: Pick<SignupSettings, 'disposableAllowlist'>
): Promise<User> {
  const linked = await User.findBy('google_id', profile.sub)
  if (linked) return linked

  const existing = await findDuplicate(profile.email)
  if (existing) {
    if (!profile.email_verified) throw new GoogleSignInError('unverified')
    if (!existing.emailVerified) throw new GoogleSignInError('unproven_account')
    existing.googleId = profile.sub
    if (normalizeEmail(existing.email) === normalizeEmail(profile.email)) existing.emailVerified = true
    existing.canonicalEmail ??= storableCanonical(existing.email)
    await existing.save()
    return existing
  }

  try {
    assertNotDisposable(profile.email, 'google', settings.disposableAllowlist)
  } catch (error) {
    if (error instanceof AccountInputError) throw new GoogleSignInError('disposable')
    throw error
  }
  try {
    // docs/rules/billing.md#plans: the account and its free, active subscription row commit together.
    return await db.transaction(async (trx) => {
      const user = await User.create(
        {
          email: normalizeEmail(profile.email),
          canonicalEmail: canonicalizeEmail(profile.email),
          username: null,
          password: null,
          role: 'user',
          emailVerified: profile.email_verified,
          googleId: profile.sub,
        },
        { client: trx }
      )
      await ensureSubscriptionRow(user.id, trx)
      return user
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new GoogleSignInError('conflict')
    throw error
  }
}
