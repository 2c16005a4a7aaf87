import vine from '@vinejs/vine'
import { nullStrict } from '#validators/nulls'

/**
 * Billing validators (docs/rules/billing.md#mutations, docs/rules/billing.md#wire-fields). Only monthly billing
 * is offered: `weekly` (or any other interval) is a 400.
 */
export const checkoutValidator = vine.create(
  nullStrict({
    planSlug: vine.enum(['pro', 'plus'] as const),
    billingInterval: vine.enum(['month'] as const),
  })
)

export const autoRenewValidator = vine.create(
  nullStrict({
    enabled: vine.boolean({ strict: true }),
  })
)

export const previewProrationValidator = vine.create(
  nullStrict({
    planSlug: vine.enum(['pro', 'plus'] as const),
  })
)

export const changePlanValidator = vine.create(
  nullStrict({
    planSlug: vine.enum(['free', 'pro', 'plus'] as const),
  })
)

export const invoicesQueryValidator = vine.create(
  nullStrict({
    limit: vine.number().withoutDecimals().min(1).max(100).optional(),
  })
)
