import { accountsConfig } from '#config/accounts'
import { settingsFrom } from '#services/settings'

/** config/accounts.ts as read at boot (sign-up budget, disposable allowlist, Google client); tests swap it. */
export class SignupSettings extends settingsFrom(accountsConfig) {}
