import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import SecurityEvent from '#models/security_event'
import { AccountConflictError, AccountInputError, AccountRateLimitedError } from '#exceptions/accounts_errors'
import { canonicalizeEmail, emailDomain, normalizeEmail } from '#services/accounts/canonical_email'
import { disposableDomains, matchDisposableDomain } from '#services/accounts/disposable_domains'
import type { SignupSettings } from '#services/accounts/signup_settings'
import { signupIpKey } from '#services/accounts/client_ip'
import { MESSAGES } from '#services/accounts/errors'
import { isUniqueViolation } from '#services/database/unique_violation'
import { lockKeyForTransaction } from '#services/database/key_lock'
import { issueToken } from '#services/accounts/one_time_tokens'
import { takeMailBudget } from '#services/accounts/mail_budget'
import type { MailBudgetLimits } from '#services/accounts/account_mail_settings'
import type { AccountMailer } from '#services/accounts/account_mailer'
import { ensureSubscriptionRow } from '#services/billing/subscription_writer'

export const SIGNUP_ATTEMPT = 'SIGNUP_ATTEMPT'

/**
 * docs/rules/accounts.md#signup (with docs/rules/accounts.md#signup): every sign-up POST records a
 * SIGNUP_ATTEMPT for the caller's network; the request is refused when the attempts already recorded in the
 * last 24 hours reach the limit. IPv6 callers count by /64.
 */
export async function recordSignupAttempt(ip: string, settings: Pick<SignupSettings, 'signupLimitPerDay'>) {
  const key = signupIpKey(ip)
  const limit = settings.signupLimitPerDay
  // Count and record under one per-network lock (one transaction), so parallel sign-ups from
  // one network, on any instance, are counted one after another: the limit holds exactly and
  // every attempt, refused or not, stays in security_events.
  const blocking = await db.transaction(async (trx) => {
    await lockKeyForTransaction(trx, `signup:${key}`)
    const since = DateTime.now().minus({ hours: 24 })
    // One row, not the whole window: the limit-th most recent attempt. When it exists the limit
    // is reached, and 24 h after it is when the next attempt passes (Retry-After).
    const found =
      limit === 0
        ? null
        : await SecurityEvent.query({ client: trx })
            .where('type', SIGNUP_ATTEMPT)
            .where('ip_address', key)
            .where('created_at', '>', since.toFormat(trx.dialect.dateTimeFormat))
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .offset(limit - 1)
            .select('created_at')
            .first()
    await SecurityEvent.create({ type: SIGNUP_ATTEMPT, ipAddress: key, userId: null, details: null }, { client: trx })
    return found
  })
  if (limit === 0 || blocking) {
    const oldest = blocking?.createdAt ?? DateTime.now()
    const retryAfter = Math.max(60, oldest.plus({ hours: 24 }).diffNow('seconds').seconds)
    throw new AccountRateLimitedError(MESSAGES.signupLimited, retryAfter)
  }
}

/**
 * Every sign-up POST leaves a row keyed by the caller's network, and a client chooses how many
 * networks it writes from: rows older than the retention (30 days by default; the limit needs
 * 24 hours) are deleted hourly by the `accounts:prune-signup-attempts` task.
 */
export async function pruneSignupAttempts(retentionDays: number): Promise<number> {
  const before = DateTime.now().minus({ days: Math.max(1, retentionDays) })
  const deleted = await db
    .from('security_events')
    .where('type', SIGNUP_ATTEMPT)
    .where('created_at', '<', before.toFormat(db.connection().dialect.dateTimeFormat))
    .delete()
  return Array.isArray(deleted) ? Number(deleted[0] ?? 0) : Number(deleted)
}

/** docs/rules/accounts.md#signup: throws 400 for a blocked domain; logs the domain only, never the address. */
export function assertNotDisposable(
  email: string,
  source: 'signup' | 'google' | 'email_change',
  allowlist: readonly string[]
) {
  const domain = emailDomain(email)
  const listed = matchDisposableDomain(domain, disposableDomains(), new Set(allowlist))
  if (listed) {
    logger.warn({ domain, listed_domain: listed, source }, 'blocked a disposable email domain')
    throw new AccountInputError(MESSAGES.disposable)
  }
}

/** docs/rules/accounts.md#signup: a literal, canonical or username duplicate, excluding `exceptUserId`. */
export async function findDuplicate(
  email: string,
  options: { username?: string | null; exceptUserId?: number } = {}
): Promise<User | null> {
  const normalized = normalizeEmail(email)
  const canonical = canonicalizeEmail(email)
  const query = User.query().where((q) => {
    q.whereRaw('LOWER(email) = ?', [normalized]).orWhere('canonical_email', canonical)
    if (options.username) q.orWhereRaw('LOWER(username) = ?', [options.username.toLowerCase()])
  })
  if (options.exceptUserId) query.whereNot('id', options.exceptUserId)
  return query.first()
}

export type SignupInput = { email: string; password: string; username?: string | null }

/**
 * How the account starts. The sign-up route takes the defaults; `node ace user:create` may
 * create an admin, or an account whose address the operator vouches for (verified: no
 * verification token, no mail).
 */
export type SignupOptions = {
  role?: 'user' | 'admin'
  emailVerified?: boolean
  /** The hourly mail budgets (the caller's injected AccountMailSettings). */
  mailLimits: MailBudgetLimits
  /** The disposable allowlist (the caller's injected SignupSettings). */
  signup: Pick<SignupSettings, 'disposableAllowlist'>
  /** Sends the verification mail (the caller's injected AccountMailer). */
  mailer: AccountMailer
}

/** docs/rules/accounts.md#signup (rule 1, `recordSignupAttempt`, runs first in the controller). */
export async function createAccount(input: SignupInput, options: SignupOptions): Promise<User> {
  assertNotDisposable(input.email, 'signup', options.signup.disposableAllowlist)
  const username = input.username?.trim() || null
  if (await findDuplicate(input.email, { username })) throw new AccountConflictError(MESSAGES.emailInUse)
  const emailVerified = options.emailVerified ?? false

  // The user row and its verification token commit together (a failed token write leaves no
  // account behind that a retry would call "already in use"); the mail goes after the commit.
  let created: { user: User; token: string | null }
  try {
    created = await db.transaction(async (trx) => {
      const user = await User.create(
        {
          email: normalizeEmail(input.email),
          canonicalEmail: canonicalizeEmail(input.email),
          username,
          password: input.password,
          role: options.role ?? 'user',
          emailVerified,
        },
        { client: trx }
      )
      // docs/rules/billing.md#plans: the account starts with its free, active subscription row.
      await ensureSubscriptionRow(user.id, trx)
      if (emailVerified) return { user, token: null }
      // A sign-up mails an address nobody proved yet: it spends that address's hourly budget.
      const allowed = await takeMailBudget(
        trx,
        { kind: 'verification', address: user.email, userId: user.id },
        options.mailLimits
      )
      return { user, token: allowed ? await issueToken(user, 'email_verification', trx) : null }
    })
  } catch (error) {
    // Two concurrent sign-ups passed the lookup: the unique indexes let exactly one through.
    if (isUniqueViolation(error)) throw new AccountConflictError(MESSAGES.emailInUse)
    throw error
  }
  if (created.token) {
    await options.mailer.sendVerification(created.user.email, created.token)
  }
  return created.user
}
