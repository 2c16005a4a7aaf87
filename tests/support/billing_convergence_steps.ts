/**
 * What can happen in a billing convergence schedule (tests/support/billing_convergence.ts runs
 * it): users' clicks, Stripe's own changes, deliveries, and the real world around them (a
 * provider clock skewed from the app's, deliveries up to 3 days late, changes at Stripe with
 * no event delivered, failing reads).
 */
import fc from 'fast-check'
import type { PaymentOutcome } from '#tests/support/stripe_provider'

export const USERS = 2
const user = fc.integer({ min: 0, max: USERS - 1 })
const outcome = fc.constantFrom<PaymentOutcome>('paid', 'paid', 'failed', 'action_required')

export type Step =
  | { t: 'checkout'; u: number; plan: 'pro' | 'plus' }
  | { t: 'complete'; u: number }
  | { t: 'autoRenew'; u: number; enabled: boolean; double: boolean }
  | { t: 'autoRenewBurst'; u: number; pattern: boolean[]; deliverBetween: boolean; pauseMs: number }
  | { t: 'changePlan'; u: number; plan: 'pro' | 'plus' }
  | { t: 'pause' | 'resume' | 'cancel'; u: number }
  | { t: 'renew' | 'retry'; u: number; outcome: PaymentOutcome }
  | { t: 'providerPause'; u: number; on: boolean }
  | { t: 'deliver'; count: number; duplicate: boolean; concurrent: boolean; withMutation: boolean; seed: number }
  | { t: 'tick' }
  | { t: 'clock'; skew: number; late: number }
  | { t: 'silent'; u: number; change: SilentChange; drop: boolean }
  | { t: 'hold'; count: number; seed: number }
  | { t: 'readFaults'; count: number; mode: 'close' | 'status' }

/** Changes made at Stripe (dashboard edits, automatic retries) whose events come late or never. */
type SilentChange = 'renewFailed' | 'retryPaid' | 'cancel' | 'pause' | 'unpause'

const plan = fc.constantFrom<'pro' | 'plus'>('pro', 'plus')
// Weights in thirds, so that a failing read (each costs the SDK's 0.5 s retry pause) comes about
// once in eight schedules.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 9, arbitrary: fc.record({ t: fc.constant('checkout' as const), u: user, plan }) },
  { weight: 9, arbitrary: fc.record({ t: fc.constant('complete' as const), u: user }) },
  {
    weight: 9,
    arbitrary: fc.record({
      t: fc.constant('autoRenew' as const),
      u: user,
      enabled: fc.boolean(),
      double: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('autoRenewBurst' as const),
      u: user,
      pattern: fc.array(fc.boolean(), { minLength: 2, maxLength: 3 }),
      deliverBetween: fc.boolean(),
      // Sometimes the last click comes a second later (still inside the key's minute).
      pauseMs: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 1100),
    }),
  },
  { weight: 6, arbitrary: fc.record({ t: fc.constant('changePlan' as const), u: user, plan }) },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constantFrom('pause' as const, 'resume' as const, 'cancel' as const), u: user }),
  },
  { weight: 9, arbitrary: fc.record({ t: fc.constantFrom('renew' as const, 'retry' as const), u: user, outcome }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('providerPause' as const), u: user, on: fc.boolean() }) },
  {
    weight: 12,
    arbitrary: fc.record({
      t: fc.constant('deliver' as const),
      count: fc.integer({ min: 1, max: 6 }),
      duplicate: fc.boolean(),
      concurrent: fc.boolean(),
      withMutation: fc.boolean(),
      seed: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ t: 'tick' as const }) },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('silent' as const),
      u: user,
      change: fc.constantFrom<SilentChange>('renewFailed', 'retryPaid', 'cancel', 'pause', 'unpause'),
      drop: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('hold' as const),
      count: fc.integer({ min: 1, max: 3 }),
      seed: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('readFaults' as const),
      count: fc.constantFrom(1, 1, 1, 2),
      mode: fc.constantFrom<'close' | 'status'>('close', 'status'),
    }),
  }
)

/**
 * The provider's clock against the app's: a skew of up to ±10 minutes (the bounds themselves
 * half the time it is not 0), and in a quarter of the schedules every delivery up to 3 days
 * late (the provider's whole timeline that far behind the app's clock when events arrive).
 */
const clock: fc.Arbitrary<Step> = fc.record({
  t: fc.constant('clock' as const),
  skew: fc.oneof(fc.constant(0), fc.constantFrom(-600, 600), fc.integer({ min: -600, max: 600 })),
  late: fc.oneof(
    { weight: 3, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 60, max: 3 * 86400 }) }
  ),
})

/** Half the users start as subscribers, so the mutations usually meet a live subscription. */
const subscribed = (u: number): fc.Arbitrary<Step[]> =>
  fc.option(
    plan.map((p): Step[] => [
      { t: 'checkout', u, plan: p },
      { t: 'complete', u },
      { t: 'deliver', count: 20, duplicate: false, concurrent: false, withMutation: false, seed: 1 },
    ]),
    { nil: [] as Step[] }
  )

export const scheduleArbitrary = fc
  .tuple(
    clock,
    fc.tuple(...Array.from({ length: USERS }, (_, u) => subscribed(u))),
    fc.array(step, { minLength: 3, maxLength: 16 })
  )
  .map(([time, starts, steps]) => [time, ...starts.flat(), ...steps])
