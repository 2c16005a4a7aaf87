import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/** `node ace flags:delete <name> [--json]` (CONTRACT 9): a hard delete. */
export default class FlagsDelete extends BaseCommand {
  static commandName = 'flags:delete'
  static description = 'Delete a feature flag'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Flag name' })
  declare name: string

  @flags.boolean({ description: 'Print machine-readable JSON' })
  declare json: boolean

  async run() {
    const { default: featureFlags } = await import('#services/flags/feature_flags')
    const { reportFlagCommandError } = await import('#services/flags/command_output')
    try {
      const result = await featureFlags.delete(this.name, 'cli')
      if (this.json) this.logger.log(JSON.stringify(result))
      else this.logger.success(`Deleted ${result.name}`)
    } catch (error) {
      reportFlagCommandError(this, error, this.json)
    }
  }
}
