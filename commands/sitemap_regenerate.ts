import { inject } from '@adonisjs/core'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { bootForBulkWork } from '#services/infra/lean_boot'
import { SitemapRegenerationService } from '#services/sitemaps/regeneration_service'
import { JsonCommand } from './_json_command.js'

/**
 * `node ace sitemap:regenerate [--json]` (docs/rules/operations.md#commands): progress per kind, then the
 * result. The command starts the app itself (`startApp: false`) so it can first stop V8's young generation from
 * growing: booting the app grows it to 64 MB, which this short-lived, streaming command never needs, and its
 * regeneration allocates only short-lived rows (issue 19: peak RSS of the whole process ≤ 250 MB,
 * docs/decisions/hot_paths.md). Ace runs `prepare` before `run`, so the service `run` gets injected is resolved
 * from the booted app.
 */
export default class SitemapRegenerate extends JsonCommand {
  static commandName = 'sitemap:regenerate'
  static description = 'Regenerate every sitemap object and upload the changed ones'
  static options: CommandOptions = { startApp: false }

  #bootRssMb = 0

  async prepare() {
    await bootForBulkWork(this.app)
    this.#bootRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024)
  }

  @inject()
  async run(service: SitemapRegenerationService) {
    const bootRssMb = this.#bootRssMb
    try {
      const result = await service.regenerate({
        trigger: 'cli',
        onProgress: (event) => {
          if (this.json) return
          if (event.type === 'object') {
            const urls = event.urls ? ` (${event.urls.toLocaleString('en-US')} URLs)` : ''
            this.logger.log(`  ${event.action.padEnd(8)} ${event.name}.xml${urls}`)
          } else {
            this.logger.info(`${event.kind}: ${event.urls.toLocaleString('en-US')} URLs in ${event.chunks} chunk(s)`)
          }
        },
      })
      const rssMb = Math.round(process.resourceUsage().maxRSS / 1024)
      if (this.json) {
        this.logger.log(
          JSON.stringify({
            ...result,
            peakRssMb: rssMb,
            bootRssMb,
            memoryMb: Object.fromEntries(
              Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1024 / 1024)])
            ),
          })
        )
        return
      }
      this.logger.success(
        `Sitemaps regenerated in ${result.durationMs} ms on ${result.disk ?? 'no disk (nothing stored)'}: ` +
          `${result.uploaded} uploaded, ${result.skipped} skipped${result.deleted ? `, ${result.deleted} stale removed` : ''}`
      )
      for (const [kind, count] of Object.entries(result.counts)) {
        const change = result.changes?.[kind as keyof typeof result.counts]
        const delta = change ? ` (+${change.added} / -${change.removed} since the last run)` : ''
        this.logger.log(`  ${kind.padEnd(13)} ${count.toLocaleString('en-US')} URLs${delta}`)
      }
      for (const warning of result.warnings) this.logger.warning(warning)
    } catch (error) {
      this.fail((error as Error)?.message ?? String(error))
    }
  }
}
