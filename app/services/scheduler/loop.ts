import logger from '@adonisjs/core/services/logger'
import { Scheduler, type TaskOutcome } from '#services/scheduler/scheduler'

export type SchedulerLoopHandle = { stop(): Promise<void>; ticks(): number }

/**
 * The in-process scheduler loop (docs/rules/operations.md#scheduler): at the start of every UTC minute, the due
 * tasks (each slot once across instances; `scheduler:prune` among them). The web server runs it
 * (start/background.ts). `stop()` waits for a tick in progress.
 */
export function startSchedulerLoop(
  options: { scheduler?: Scheduler; onTick?: (outcomes: TaskOutcome[]) => void; intervalMs?: number } = {}
): SchedulerLoopHandle {
  const scheduler = options.scheduler ?? new Scheduler()
  const interval = options.intervalMs ?? 60_000
  let stopped = false
  let count = 0
  let timer: NodeJS.Timeout | null = null
  let current: Promise<void> = Promise.resolve()

  const tick = async () => {
    try {
      const outcomes = await scheduler.runDue(new Date())
      options.onTick?.(outcomes)
    } catch (error) {
      logger.error({ err: error }, 'scheduler tick failed')
    }
    count++
  }
  const schedule = () => {
    if (stopped) return
    const wait = interval - (Date.now() % interval) + 50
    timer = setTimeout(() => {
      current = tick().finally(schedule)
    }, wait)
    timer.unref()
  }
  current = tick().finally(schedule)

  return {
    ticks: () => count,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await current
    },
  }
}
