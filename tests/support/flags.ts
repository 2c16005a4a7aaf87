import FeatureFlag, { type FlagEnvironment } from '#models/feature_flag'
import featureFlags from '#services/flags/feature_flags'

/**
 * Creates (or updates) a flag through the model: its hooks bump the version counter and
 * invalidate the in-process cache, so checks see it at once. Use this (not raw inserts)
 * in other areas' tests, e.g. `await setFlag('enable_ai_tools', true)`.
 */
export async function setFlag(name: string, isEnabled: boolean, environment: FlagEnvironment | null = null) {
  const existing = await FeatureFlag.findBy('name', name)
  if (existing) {
    existing.merge({ isEnabled, environment })
    await existing.save()
    return existing
  }
  return FeatureFlag.create({ name, isEnabled, environment, description: null })
}

/** Drops the in-process cache (after a test that committed rows and cleaned them up). */
export function resetFlagCache() {
  featureFlags.reset()
}
