import vine from '@vinejs/vine'

/**
 * Billing validators (docs/rules/billing.md#mutations, docs/rules/billing.md#wire-fields). Only monthly billing
 * is offered: `weekly` (or any other interval) is a 400.
 */
export const checkoutValidator = vine.create({
  planSlug: vine.enum(['pro', 'plus'] as const),
  billingInterval: vine.enum(['month'] as const),
})

export const autoRenewValidator = vine.create({
  enabled: vine.boolean({ strict: true }),
})

export const previewProrationValidator = vine.create({
  planSlug: vine.enum(['pro', 'plus'] as const),
})

export const changePlanValidator = vine.create({
  planSlug: vine.enum(['free', 'pro', 'plus'] as const),
})

export const invoicesQueryValidator = vine.create({
  limit: vine.number().withoutDecimals().min(1).max(100).optional(),
})
