import env from '#start/env'

/**
 * The scheduler (docs/rules/operations.md#scheduler). With SCHEDULER_IN_PROCESS (default true) the web server
 * runs the loop itself; deployments that use system cron's `node ace scheduler:run` turn it off (both together
 * are safe: each slot runs once across all instances, by the unique run row).
 */
const schedulerConfig = {
  get inProcess(): boolean {
    return env.get('SCHEDULER_IN_PROCESS') ?? true
  },
  /** A run still `running` after this long is taken to have crashed and is taken over. */
  staleAfterMs: (env.get('SCHEDULER_STALE_AFTER_MINUTES') ?? 30) * 60_000,
  /** Run rows older than this are pruned. */
  keepDays: 30,
}

export default schedulerConfig
