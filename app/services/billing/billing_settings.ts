import { billingConfig } from '#config/billing'
import { settingsFrom } from '#services/settings'

/** config/billing.ts as read at boot, injected into the services that need it (tests swap it). */
export class BillingSettings extends settingsFrom(billingConfig) {}
