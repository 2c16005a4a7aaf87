import { inject } from '@adonisjs/core'
import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { FeatureFlagAdmin } from '#services/flags/feature_flag_admin'
import { reportFlagCommandError } from '#services/flags/command_output'

/**
 * `node ace flags:<write> <name> [--json]` (docs/rules/operations.md#commands): the shape of flags:toggle and
 * flags:delete. A subclass names one service write; its result is printed as JSON (`--json`)
 * or as a one-line summary, and a failure goes through `reportFlagCommandError`.
 */
export abstract class FlagNameCommand extends BaseCommand {
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Flag name' })
  declare name: string

  @flags.boolean({ description: 'Print machine-readable JSON' })
  declare json: boolean

  protected abstract write(flags: FeatureFlagAdmin, name: string): Promise<{ json: object; summary: string }>

  @inject()
  async run(admin: FeatureFlagAdmin) {
    try {
      const result = await this.write(admin, this.name)
      if (this.json) this.logger.log(JSON.stringify(result.json))
      else this.logger.success(result.summary)
    } catch (error) {
      reportFlagCommandError(this, error, this.json)
    }
  }
}
