import { inject } from '@adonisjs/core'
import { args, flags } from '@adonisjs/core/ace'
import { FeatureFlagAdmin } from '#services/flags/feature_flag_admin'
import { JsonCommand } from './_json_command.js'

/**
 * `node ace flags:create <name> [--description] [--enabled] [--environment] [--json]`
 * (docs/rules/operations.md#commands).
 */
export default class FlagsCreate extends JsonCommand {
  static commandName = 'flags:create'
  static description = 'Create a feature flag (name must start with enable_)'

  @args.string({ description: 'Flag name, e.g. enable_uploads' })
  declare name: string

  @flags.string({ description: 'What the flag switches' })
  declare description?: string

  @flags.boolean({ description: 'Create it enabled' })
  declare enabled?: boolean

  @flags.string({ description: 'development, staging, production or test (default: all)' })
  declare environment?: string

  @inject()
  async run(admin: FeatureFlagAdmin) {
    const { serializeFeatureFlag } = await import('#transformers/feature_flag_transformer')
    const { reportFlagCommandError } = await import('#services/flags/command_output')
    const { FLAG_ENVIRONMENTS } = await import('#models/feature_flag')
    try {
      const environment = this.environment ? this.environment.trim() : ''
      if (environment && !(FLAG_ENVIRONMENTS as readonly string[]).includes(environment)) {
        const { InvalidFlagError } = await import('#exceptions/flags_errors')
        throw new InvalidFlagError(`Environment must be one of ${FLAG_ENVIRONMENTS.join(', ')}`)
      }
      const flag = await admin.create(
        {
          name: this.name,
          description: this.description ?? null,
          isEnabled: Boolean(this.enabled),
          environment: (environment || null) as any,
        },
        'cli'
      )
      const body = serializeFeatureFlag(flag)
      this.succeed(
        body,
        `Created ${body.name} (${body.is_enabled ? 'enabled' : 'disabled'}, ${body.environment || 'all environments'})`
      )
    } catch (error) {
      reportFlagCommandError(this, error, this.json)
    }
  }
}
