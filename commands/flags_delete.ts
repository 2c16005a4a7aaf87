import type { FeatureFlags } from '#services/flags/feature_flags'
import { FlagNameCommand } from '#services/flags/flag_name_command'

/** `node ace flags:delete <name> [--json]` (CONTRACT 9): a hard delete. */
export default class FlagsDelete extends FlagNameCommand {
  static commandName = 'flags:delete'
  static description = 'Delete a feature flag'

  protected async write(featureFlags: FeatureFlags, name: string) {
    const result = await featureFlags.delete(name, 'cli')
    return { json: result, summary: `Deleted ${result.name}` }
  }
}
