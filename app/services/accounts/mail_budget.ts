import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { MailBudgetLimits } from '#services/accounts/account_mail_settings'
import { canonicalizeEmail } from '#services/accounts/canonical_email'
import { lockKeyForTransaction } from '#services/database/key_lock'

/**
 * Issue 23 item 9 (docs/rules/accounts.md#account-mail): reset, verification and email-change mails are limited
 * per recipient address and per account over a sliding hour (AUTH_MAIL_PER_ADDRESS_PER_HOUR,
 * AUTH_MAIL_PER_ACCOUNT_PER_HOUR). A spent budget sends nothing and answers nothing different: the callers
 * answer the same status and body either way. Addresses are stored as SHA-256.
 */
export type AccountMailKind = 'password_reset' | 'verification' | 'email_change'

/**
 * The budget is the mailbox's: keyed by the canonical address, so Gmail dots, `+alias`,
 * googlemail.com and a Unicode or A-label domain spend one budget, not one each.
 */
export function addressHash(address: string) {
  return createHash('sha256').update(canonicalizeEmail(address), 'utf8').digest('hex')
}

async function countSince(
  trx: TransactionClientContract,
  column: 'address_hash' | 'user_id',
  value: string | number,
  since: string
) {
  const [row] = await trx
    .from('account_mail_events')
    .where(column, value)
    .where('created_at', '>', since)
    .count('* as total')
  return Number(row.total)
}

/**
 * Takes one mail from the hour's budgets of `address` and of the account (`userId`; null for
 * an address no account has, which still counts so both cases do the same work). Returns false
 * and records nothing when either budget is spent. Runs in the caller's transaction, under
 * per-key locks (PostgreSQL; SQLite write transactions are serialised), so parallel requests
 * cannot all pass the count.
 */
export async function takeMailBudget(
  trx: TransactionClientContract,
  input: { kind: AccountMailKind; address: string; userId: number | null },
  limits: MailBudgetLimits
): Promise<boolean> {
  const hash = addressHash(input.address)
  const keys = [`mail-address:${hash}`, ...(input.userId ? [`mail-account:${input.userId}`] : [])].sort()
  for (const key of keys) await lockKeyForTransaction(trx, key)
  const format = trx.dialect.dateTimeFormat
  const now = DateTime.now()
  const since = now.minus({ hours: 1 }).toFormat(format)
  const spent =
    (await countSince(trx, 'address_hash', hash, since)) >= limits.perAddressPerHour ||
    (input.userId !== null && (await countSince(trx, 'user_id', input.userId, since)) >= limits.perAccountPerHour)
  if (spent) {
    logger.info({ mail: input.kind, user_id: input.userId }, 'account mail not sent: hourly limit reached')
    return false
  }
  await trx
    .insertQuery()
    .table('account_mail_events')
    .insert({ kind: input.kind, address_hash: hash, user_id: input.userId, created_at: now.toFormat(format) })
  // Rows older than a day count for nothing; the table holds about one day of mails.
  await trx
    .from('account_mail_events')
    .where('created_at', '<', now.minus({ days: 1 }).toFormat(format))
    .delete()
  return true
}
