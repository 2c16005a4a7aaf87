import type { FeatureFlagAdmin } from '#services/flags/feature_flag_admin'
import { FlagNameCommand } from '#services/flags/flag_name_command'

/**
 * `node ace flags:toggle <name> [--json]` (docs/rules/operations.md#commands): the same atomic flip as the API.
 */
export default class FlagsToggle extends FlagNameCommand {
  static commandName = 'flags:toggle'
  static description = 'Flip a feature flag on or off'

  protected async write(flags: FeatureFlagAdmin, name: string) {
    const result = await flags.toggle(name, 'cli')
    return {
      json: { name: result.name, is_enabled: result.isEnabled },
      summary: `${result.name} is now ${result.isEnabled ? 'enabled' : 'disabled'}`,
    }
  }
}
