/*
| Billing boot check (preloaded from adonisrc.ts):
| the app refuses to boot with DEV_BYPASS_SUBSCRIPTION=true in production (docs/rules/billing.md#mutations).
*/
import { billingConfig } from '#config/billing'
import { assertBypassAllowed } from '#services/billing/plan_policy'

assertBypassAllowed(billingConfig)
