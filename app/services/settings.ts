/**
 * Settings reach services through the container (docs/decisions/code_health.md#settings): each area has a
 * class made here from its config object, whose instance holds the values read once at boot. A service takes
 * it by constructor injection; a test swaps it (`swapSettings`, tests/support/settings.ts) and restores it in
 * teardown. `new XSettings({ ... })` gives the boot values with some replaced.
 */
export function settingsFrom<T extends object>(defaults: T) {
  class Settings {
    constructor(overrides: Partial<T> = {}) {
      Object.assign(this, defaults, overrides)
      Object.freeze(this)
    }
  }
  return Settings as unknown as new (overrides?: Partial<T>) => Readonly<T>
}
