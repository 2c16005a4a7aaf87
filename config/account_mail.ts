import env from '#start/env'

/**
 * Account mails (issue 23 item 9, docs/rules/accounts.md#account-mail): how many reset, verification and
 * email-change mails one recipient address and one account may receive per hour (docs/decisions.md), and how
 * background delivery retries a failed send. Read once at boot (AccountMailSettings).
 */
export const accountMailConfig = {
  perAddressPerHour: Math.floor(env.get('AUTH_MAIL_PER_ADDRESS_PER_HOUR') ?? 3),
  perAccountPerHour: Math.floor(env.get('AUTH_MAIL_PER_ACCOUNT_PER_HOUR') ?? 5),
  /** Attempts per mail (the first send and two retries), and the waits between them. */
  deliveryAttempts: Math.max(1, Math.floor(env.get('MAIL_DELIVERY_ATTEMPTS') ?? 3)),
  retryDelayMs: env.get('MAIL_RETRY_DELAY_MS') ?? 5000,
}
