/**
 * What `node ace scheduler:run` (every minute from system cron) and `scheduler:work` run.
 * Each area adds its task in providers/scheduled_tasks_provider.ts (booted with the app, so the
 * container resolves the services a task runs). `schedule()` returns a cron expression (UTC) or null when the task is
 * switched off.
 */
export type ScheduledTask = {
  name: string
  schedule: () => string | null
  run: () => Promise<unknown>
}

export const scheduledTasks: ScheduledTask[] = []
