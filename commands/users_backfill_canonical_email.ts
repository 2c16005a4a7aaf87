import { flags } from '@adonisjs/core/ace'
import { JsonCommand } from './_json_command.js'

/**
 * `node ace users:backfill-canonical-email [--dry-run] [--json]` (docs/rules/operations.md#commands,
 * docs/rules/accounts.md#signup): fills canonical_email for legacy rows in batches with a progress bar;
 * collisions and canonical forms too long for the column stay NULL and are listed for an admin.
 */
export default class UsersBackfillCanonicalEmail extends JsonCommand {
  static commandName = 'users:backfill-canonical-email'
  static description = 'Fill users.canonical_email for legacy rows (collisions stay NULL and are listed)'

  @flags.boolean({ description: 'Report what would change without writing' })
  declare dryRun?: boolean

  @flags.number({ description: 'Rows per batch (default 500)' })
  declare batchSize?: number

  async run() {
    const { backfillCanonicalEmails } = await import('#services/accounts/canonical_backfill')
    const { MAX_EMAIL_LENGTH } = await import('#services/accounts/canonical_email')
    try {
      let lastDrawn = -1
      const result = await backfillCanonicalEmails({
        dryRun: Boolean(this.dryRun),
        batchSize: this.batchSize && this.batchSize > 0 ? Math.floor(this.batchSize) : 500,
        onProgress: (done, total) => {
          if (this.json || total === 0) return
          const percent = Math.floor((done / total) * 100)
          if (percent === lastDrawn) return
          lastDrawn = percent
          const width = 30
          const filled = Math.round((percent / 100) * width)
          process.stdout.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}% ${done}/${total}`)
          if (done >= total) process.stdout.write('\n')
        },
      })
      if (this.json) {
        this.logger.log(JSON.stringify(result))
      } else {
        const verb = result.dry_run ? 'Would fill' : 'Filled'
        this.logger.success(`${verb} canonical_email for ${result.updated} of ${result.scanned} legacy users`)
        if (result.collisions.length > 0) {
          this.logger.warning(
            `${result.collisions.length} users left NULL (canonical email already in use); resolve them by hand:`
          )
          const table = this.ui.table()
          table.head(['id', 'email', 'canonical_email', 'conflicts with ids'])
          for (const c of result.collisions) table.row([c.id, c.email, c.canonical_email, c.conflicts_with.join(', ')])
          table.render()
        }
        if (result.too_long.length > 0) {
          this.logger.warning(
            `${result.too_long.length} users left NULL (canonical email longer than ${MAX_EMAIL_LENGTH} characters):`
          )
          const table = this.ui.table()
          table.head(['id', 'email'])
          for (const row of result.too_long) table.row([row.id, row.email])
          table.render()
        }
      }
    } catch (error) {
      this.failWith(error, 'Backfill failed')
    }
  }
}
