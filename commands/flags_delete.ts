import type { FeatureFlagAdmin } from '#services/flags/feature_flag_admin'
import { FlagNameCommand } from '#services/flags/flag_name_command'

/** `node ace flags:delete <name> [--json]` (docs/rules/operations.md#commands): a hard delete. */
export default class FlagsDelete extends FlagNameCommand {
  static commandName = 'flags:delete'
  static description = 'Delete a feature flag'

  protected async write(flags: FeatureFlagAdmin, name: string) {
    const result = await flags.delete(name, 'cli')
    return { json: result, summary: `Deleted ${result.name}` }
  }
}
