import { inject } from '@adonisjs/core'
import { JsonCommand } from './_json_command.js'
import { FeatureFlagAdmin } from '#services/flags/feature_flag_admin'

/** `node ace flags:list [--json]` (docs/rules/operations.md#commands). */
export default class FlagsList extends JsonCommand {
  static commandName = 'flags:list'
  static description = 'List the feature flags'

  @inject()
  async run(admin: FeatureFlagAdmin) {
    const { serializeFeatureFlag } = await import('#transformers/feature_flag_transformer')
    try {
      const list = (await admin.list()).map(serializeFeatureFlag)
      if (this.json) {
        this.logger.log(JSON.stringify({ data: list }))
        return
      }
      if (list.length === 0) {
        this.logger.info('No feature flags configured')
        return
      }
      const table = this.ui.table()
      table.head(['Name', 'Enabled', 'Environment', 'Description', 'Last Updated'])
      for (const flag of list) {
        table.row([
          flag.name,
          flag.is_enabled ? 'yes' : 'no',
          flag.environment || 'all',
          flag.description || '',
          flag.updated_at || '',
        ])
      }
      table.render()
      this.logger.info(`${list.length} feature flag(s)`)
    } catch (error) {
      const { reportFlagCommandError } = await import('#services/flags/command_output')
      reportFlagCommandError(this, error, this.json)
    }
  }
}
