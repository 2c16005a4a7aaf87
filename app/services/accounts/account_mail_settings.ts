import { accountMailConfig } from '#config/account_mail'
import { settingsFrom } from '#services/settings'

/** config/account_mail.ts as read at boot: the hourly mail budgets (injected into AuthController). */
export class AccountMailSettings extends settingsFrom(accountMailConfig) {}

export type MailBudgetLimits = Pick<AccountMailSettings, 'perAddressPerHour' | 'perAccountPerHour'>
