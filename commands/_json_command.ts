import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * The shape of the operator commands with a `--json` flag (docs/rules/operations.md#commands): a result is one
 * JSON line with `--json`, else a sentence; a failure is `{"error": "<message>"}` or an error line, and the
 * process exits 1. Files whose name starts with `_` are not commands to Ace.
 */
export abstract class JsonCommand extends BaseCommand {
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Print machine-readable JSON' })
  declare json: boolean

  /** Prints `body` as JSON with `--json`, else `summary` as a success line. */
  protected succeed(body: unknown, summary: string) {
    if (this.json) this.logger.log(JSON.stringify(body))
    else this.logger.success(summary)
  }

  /** Prints the failure (`{"error": message}` with `--json`) and makes the process exit 1. */
  protected fail(message: string) {
    this.exitCode = 1
    if (this.json) this.logger.log(JSON.stringify({ error: message }))
    else this.logger.error(message)
  }

  /** `fail` with a thrown error's message, or `fallback` when it is no Error. */
  protected failWith(error: unknown, fallback: string) {
    this.fail(error instanceof Error ? error.message : fallback)
  }
}
