import { liveNumber } from '#config/live_env'

/**
 * Account mails (issue 23 item 9, docs/rules/accounts.md#account-mail): how many reset, verification and
 * email-change mails one recipient address and one account may receive per hour (docs/decisions.md), and how
 * background delivery retries a failed send. Read when used, so a test can change them.
 */
export const accountMailConfig = {
  get perAddressPerHour() {
    return Math.floor(liveNumber('AUTH_MAIL_PER_ADDRESS_PER_HOUR') ?? 3)
  },
  get perAccountPerHour() {
    return Math.floor(liveNumber('AUTH_MAIL_PER_ACCOUNT_PER_HOUR') ?? 5)
  },
  /** Attempts per mail (the first send and two retries), and the waits between them. */
  get deliveryAttempts() {
    return Math.max(1, Math.floor(liveNumber('MAIL_DELIVERY_ATTEMPTS') ?? 3))
  },
  get retryDelayMs() {
    return liveNumber('MAIL_RETRY_DELAY_MS') ?? 5000
  },
}
