import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/** `node ace flags:toggle <name> [--json]` (CONTRACT 9): the same atomic flip as the API. */
export default class FlagsToggle extends BaseCommand {
  static commandName = 'flags:toggle'
  static description = 'Flip a feature flag on or off'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Flag name' })
  declare name: string

  @flags.boolean({ description: 'Print machine-readable JSON' })
  declare json: boolean

  async run() {
    const { default: featureFlags } = await import('#services/flags/feature_flags')
    const { reportFlagCommandError } = await import('#services/flags/command_output')
    try {
      const result = await featureFlags.toggle(this.name, 'cli')
      if (this.json) this.logger.log(JSON.stringify({ name: result.name, is_enabled: result.isEnabled }))
      else this.logger.success(`${result.name} is now ${result.isEnabled ? 'enabled' : 'disabled'}`)
    } catch (error) {
      reportFlagCommandError(this, error, this.json)
    }
  }
}
