/*
| Billing boot checks and bindings (preloaded from adonisrc.ts):
| - the app refuses to boot with DEV_BYPASS_SUBSCRIPTION=true in production (docs/rules/billing.md#mutations);
| - the Stripe client is a container singleton (tests may swap it).
*/
import app from '@adonisjs/core/services/app'
import { assertBypassAllowed } from '#services/billing/plan_policy'
import { StripeClient } from '#services/billing/stripe_client'

assertBypassAllowed()

app.container.singleton(StripeClient, () => new StripeClient())
