import env from '#start/env'

/**
 * The scheduler (docs/rules/operations.md#scheduler). With SCHEDULER_IN_PROCESS (default true) the web server
 * runs the loop itself; deployments that use system cron's `node ace scheduler:run` turn it off (both together
 * are safe: each slot runs once across all instances, by the unique run row).
 */
/** SCHEDULER_IN_PROCESS unset: the web server runs the loop. */
export function schedulerInProcess(value: boolean | undefined) {
  return value ?? true
}

const schedulerConfig = {
  inProcess: schedulerInProcess(env.get('SCHEDULER_IN_PROCESS')),
  /** A run still `running` after this long is taken to have crashed and is taken over. */
  staleAfterMs: (env.get('SCHEDULER_STALE_AFTER_MINUTES') ?? 30) * 60_000,
  /** Run rows older than this are pruned. */
  keepDays: 30,
}

export default schedulerConfig
