import { JsonCommand } from './_json_command.js'

/**
 * `node ace scheduler:run [--json]` (docs/rules/operations.md#commands): runs the tasks due this minute (UTC).
 * System cron calls it every minute:
 *   * * * * * cd /srv/studyhub && node ace scheduler:run >> storage/logs/scheduler.log 2>&1
 */
export default class SchedulerRunCommand extends JsonCommand {
  static commandName = 'scheduler:run'
  static description = 'Run the scheduled tasks due this minute (call every minute from cron)'

  async run() {
    const { Scheduler } = await import('#services/scheduler/scheduler')
    try {
      const outcomes = await new Scheduler().runDue(new Date())
      const failed = outcomes.filter((o) => o.status === 'failed')
      if (this.json) {
        this.logger.log(
          JSON.stringify({
            ran: outcomes.filter((o) => o.status === 'succeeded').length,
            failed: failed.length,
            tasks: outcomes.map(({ result, ...rest }) => rest),
          })
        )
      } else {
        for (const o of outcomes) this.logger.log(`${o.task.padEnd(24)} ${o.status}${o.error ? `: ${o.error}` : ''}`)
        if (!outcomes.length) this.logger.info('No scheduled tasks are registered')
      }
      if (failed.length) this.exitCode = 1
    } catch (error) {
      this.failWith(error, 'The scheduler could not run')
    }
  }
}
