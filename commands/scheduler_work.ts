import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import type { TaskOutcome } from '#services/scheduler/scheduler'

/**
 * `node ace scheduler:work` (docs/rules/operations.md#commands): a long-running scheduler that runs the due
 * tasks at the start of every UTC minute. Safe beside `scheduler:run` and other workers (each task runs at most
 * once per minute slot). Stops on SIGINT/SIGTERM.
 */
export default class SchedulerWorkCommand extends BaseCommand {
  static commandName = 'scheduler:work'
  static description = 'Run the scheduler in the foreground, every minute, until stopped'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  @flags.boolean({ description: 'Print machine-readable JSON lines' })
  declare json: boolean

  @flags.number({ description: 'Stop after this many ticks (for testing)' })
  declare ticks?: number

  async run() {
    const { Scheduler } = await import('#services/scheduler/scheduler')
    const scheduler = new Scheduler()
    let stopped = false
    let wake: (() => void) | null = null
    let tick: Promise<TaskOutcome[]> = Promise.resolve([])
    const stop = () => {
      stopped = true
      wake?.()
    }
    process.once('SIGINT', stop)
    // SIGTERM terminates the app (bin/ignitor.ts), which closes the database: the task in progress
    // first ends and its run row is written.
    this.app.terminating(async () => {
      stop()
      await tick.catch(() => {})
    })
    // A SIGTERM while the command was starting terminated the app before that hook existed.
    if (this.app.isTerminating || this.app.isTerminated) stopped = true
    if (!this.json) this.logger.info('Scheduler started (UTC); press Ctrl+C to stop')
    let ticks = 0
    while (!stopped) {
      try {
        tick = scheduler.runDue(new Date())
        const outcomes = await tick
        const ran = outcomes.filter((o) => o.status === 'succeeded' || o.status === 'failed')
        if (this.json)
          this.logger.log(
            JSON.stringify({ at: new Date().toISOString(), tasks: ran.map(({ result, ...rest }) => rest) })
          )
        else
          for (const o of ran)
            this.logger.log(`${new Date().toISOString()} ${o.task} ${o.status}${o.error ? `: ${o.error}` : ''}`)
      } catch (error) {
        this.logger.error(`scheduler tick failed: ${(error as Error).message}`)
      }
      ticks++
      if (stopped || (this.ticks && ticks >= this.ticks)) break
      const wait = 60_000 - (Date.now() % 60_000) + 50
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
    if (!this.json) this.logger.info('Scheduler stopped')
    await this.terminate()
  }
}
