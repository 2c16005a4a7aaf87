import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { FeatureFlagName, type FlagEnvironment } from '#models/feature_flag'
import { onFlagWrite } from '#services/flags/flag_signal'
import { readFlagsVersion } from '#services/flags/flag_version'
import { FlagsSettings } from '#services/flags/flags_settings'

export { FeatureFlagName }

/** What the cache keeps per flag. */
export type FlagRecord = { name: string; isEnabled: boolean; environment: string | null }
export type FlagCheckContext = { environment?: string }
export type CreateFlagInput = {
  name: string
  description?: string | null
  isEnabled?: boolean
  environment?: FlagEnvironment | null
}

export type FeatureFlagsOptions = {
  /** Loads every flag (default: `SELECT name, is_enabled, environment FROM feature_flags`). */
  loader?: () => Promise<FlagRecord[]>
  /** Reads the cross-instance version counter; `null` turns the probe off. */
  versionReader?: (() => Promise<number>) | null
  /** FEATURE_FLAG_CACHE_TTL_MS and the probe interval (default: the boot settings). */
  settings?: FlagsSettings
  /** Replace the settings' TTL and probe interval (default 1000, 0 in tests). */
  ttlMs?: number
  probeIntervalMs?: number
  /** After a failed load, wait this long before trying the database again. */
  retryAfterFailureMs?: number
  /** How long a check waits for the reload due after the TTL before answering from the stale map. */
  reloadWaitMs?: number
  /** The environment the rule compares a flag's `environment` with (default NODE_ENV). */
  environment?: () => string
  now?: () => number
  log?: (error: unknown, message: string) => void
}

const DEFAULT_TTL_MS = 60_000

async function loadFlagsFromDatabase(): Promise<FlagRecord[]> {
  const rows = await db.from('feature_flags').select('name', 'is_enabled', 'environment')
  return rows.map((row: any) => ({
    name: String(row.name),
    isEnabled: Boolean(row.is_enabled),
    environment: row.environment ?? null,
  }))
}

/**
 * Feature flags (docs/rules/flags.md#evaluation). One instance per process (the default export), shared by the
 * routes, the `requireFlag` middleware, the pages and the ace commands.
 *
 * Cache rules:
 * - Checks answer from an in-memory map. A check waits for the database only on the first load
 *   of the process, right after a write made by this process, and once the TTL has passed.
 * - Every write (service, or any FeatureFlag model save/delete) bumps the version counter and
 *   reloads the cache; a check compares the counter at most once per `probeIntervalMs` (one
 *   single-row read) so other instances pick a write up within about a second; the TTL
 *   (FEATURE_FLAG_CACHE_TTL_MS) reloads before the next answer, the safety net for writes no
 *   signal announced.
 * - Concurrent refreshes share one in-flight load. A failed load keeps the stale map serving
 *   (an empty map answers false) and logs the error.
 */
export class FeatureFlags {
  private flags = new Map<string, FlagRecord>()
  private loaded = false
  private loadedAt = 0
  private lastProbeAt = 0
  private lastFailureAt = 0
  private lastLoggedAt = 0
  private version = -1
  /** The TTL, taken at each load. */
  private ttl = DEFAULT_TTL_MS
  private dirty = false
  private generation = 0
  private inflight: { generation: number; promise: Promise<boolean> } | null = null
  /** A TTL reload that outlasted reloadWaitMs: later checks answer from the map meanwhile. */
  private overdueReload: Promise<boolean> | null = null

  private readonly loader: () => Promise<FlagRecord[]>
  private readonly versionReader: (() => Promise<number>) | null
  private readonly ttlMs: () => number
  private readonly probeIntervalMs: number
  private readonly retryAfterFailureMs: number
  private readonly reloadWaitMs: number
  private readonly environment: () => string
  private readonly now: () => number
  private readonly log: (error: unknown, message: string) => void

  constructor(options: FeatureFlagsOptions = {}) {
    this.loader = options.loader ?? loadFlagsFromDatabase
    this.versionReader = options.versionReader === undefined ? readFlagsVersion : options.versionReader
    const settings = options.settings ?? new FlagsSettings()
    this.ttlMs = () => options.ttlMs ?? settings.cacheTtlMs
    this.probeIntervalMs = options.probeIntervalMs ?? settings.versionProbeIntervalMs
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? 1000
    this.reloadWaitMs = options.reloadWaitMs ?? 1000
    this.environment = options.environment ?? (() => settings.environment)
    this.now = options.now ?? Date.now
    this.log = options.log ?? ((error, message) => logger.error({ err: error }, message))
  }

  /**
   * docs/rules/flags.md#evaluation: false when the flag is missing or disabled; a flag bound to an environment
   * is true only when that environment is the current one (context.environment or NODE_ENV).
   */
  async isEnabled(name: string, context: FlagCheckContext = {}): Promise<boolean> {
    await this.ensureFresh()
    return this.evaluate(name, context)
  }

  /**
   * The hot path of the public status route: the answer straight from the map when nothing is
   * due (no first load, no pending write, no version probe, TTL not passed), without a promise.
   * `undefined` means "ask `isEnabled`", which does the due work first.
   */
  peek(name: string, context: FlagCheckContext = {}): boolean | undefined {
    if (!this.loaded || this.dirty) return undefined
    const now = this.now()
    if (this.versionReader && now - this.lastProbeAt >= this.probeIntervalMs) return undefined
    if (now - this.loadedAt >= this.ttl) return undefined
    return this.evaluate(name, context)
  }

  private evaluate(name: string, context: FlagCheckContext) {
    const flag = this.flags.get(name)
    if (!flag || !flag.isEnabled) return false
    if (flag.environment) return flag.environment === (context.environment ?? this.environment())
    return true
  }

  /** Reloads the cache (shared with any load already under way for the same state). */
  refresh(): Promise<boolean> {
    if (this.inflight && this.inflight.generation === this.generation) return this.inflight.promise
    const generation = this.generation
    const previous = this.inflight?.promise
    const promise: Promise<boolean> = (async () => {
      if (previous) await previous
      return this.load(generation)
    })().finally(() => {
      if (this.inflight?.promise === promise) this.inflight = null
    })
    this.inflight = { generation, promise }
    return promise
  }

  /** Marks the cache stale: the next check reloads before answering. */
  invalidate() {
    this.generation++
    this.dirty = true
  }

  /** Forgets everything (tests). */
  reset() {
    this.flags = new Map()
    this.loaded = false
    this.loadedAt = 0
    this.lastProbeAt = 0
    this.lastFailureAt = 0
    this.version = -1
    this.invalidate()
  }

  /** What the cache holds (diagnostics and tests). */
  snapshot() {
    return { loaded: this.loaded, loadedAt: this.loadedAt, version: this.version, flags: [...this.flags.values()] }
  }

  private async ensureFresh() {
    const now = this.now()
    const mayRetry = now - this.lastFailureAt >= this.retryAfterFailureMs
    if (!this.loaded || this.dirty) {
      if (mayRetry) await this.refresh()
      return
    }
    if (this.versionReader && mayRetry && now - this.lastProbeAt >= this.probeIntervalMs) {
      this.lastProbeAt = now
      try {
        const version = await this.versionReader()
        if (version !== this.version) {
          await this.refresh()
          return
        }
      } catch (error) {
        this.lastFailureAt = this.now()
        this.report(error, 'feature flags: version probe failed; serving the cached flags')
      }
    }
    // docs/rules/flags.md#cache: no answer older than the TTL; a reload that fails, or hangs past
    // reloadWaitMs (a database that does not answer), leaves the stale map serving, and the checks
    // after it no longer wait for that reload.
    if (mayRetry && now - this.loadedAt >= this.ttl) {
      const reload = this.refresh()
      if (reload !== this.overdueReload && !(await this.settlesWithin(reload, this.reloadWaitMs)))
        this.overdueReload = reload
    }
  }

  private async settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms)
      timer.unref?.()
    })
    const settled = await Promise.race([promise.then(() => true), timeout])
    clearTimeout(timer)
    return settled
  }

  private async load(generation: number): Promise<boolean> {
    try {
      const version = this.versionReader ? await this.versionReader() : this.version
      const rows = await this.loader()
      this.flags = new Map(rows.map((row) => [row.name, row]))
      this.version = version
      this.loaded = true
      this.ttl = this.ttlMs()
      this.loadedAt = this.now()
      this.lastProbeAt = this.loadedAt
      this.lastFailureAt = 0
      if (generation === this.generation) this.dirty = false
      return true
    } catch (error) {
      this.lastFailureAt = this.now()
      this.report(error, 'feature flags: refresh failed; serving the cached flags')
      return false
    }
  }

  private report(error: unknown, message: string) {
    const now = this.now()
    // at most one log line per second, so a database outage does not flood the log
    if (now - this.lastLoggedAt < 1000 && this.lastLoggedAt !== 0) return
    this.lastLoggedAt = now
    try {
      this.log(error, message)
    } catch {
      // logging must never break a check
    }
  }
}

const featureFlags = new FeatureFlags()
onFlagWrite(() => featureFlags.invalidate())

export default featureFlags
