import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { JsonCommand } from './_json_command.js'

function bar(done: number, total: number, width = 30) {
  const ratio = total > 0 ? Math.min(1, done / total) : 1
  const filled = Math.round(ratio * width)
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`
}

/**
 * `node ace catalog:seed --institutions=N --courses=N --documents=N [--chunks=N] [--json]`
 * (docs/rules/operations.md#commands): generated public catalog rows, generated and inserted in bounded batches
 * inside one transaction (never the catalog in memory), with a progress bar per kind. Goal (issue 19):
 * 10k/100k/1M under 30 s and 400 MB peak RSS on both databases (bench/hot_paths.bench.ts). It starts the app
 * itself (`startApp: false`) after capping V8's young generation at its size before boot: every generated row
 * dies young, and the 64 MB the boot grows it to would only count in the peak RSS.
 */
export default class CatalogSeed extends JsonCommand {
  static commandName = 'catalog:seed'
  static description = 'Seed generated institutions, courses and documents (batched, transactional)'
  static options: CommandOptions = { startApp: false }

  @flags.number({ description: 'Institutions to create', default: 10 })
  declare institutions: number

  @flags.number({ description: 'Courses to create', default: 100 })
  declare courses: number

  @flags.number({ description: 'Documents to create', default: 1000 })
  declare documents: number

  @flags.number({ description: 'How many of the new documents get text chunks (default: all, at most 20000)' })
  declare chunks?: number

  @flags.number({ description: 'Rows per INSERT statement (1..1000; default 500 on PostgreSQL, 250 on SQLite)' })
  declare batch?: number

  async run() {
    const { bootForBulkWork } = await import('#services/infra/lean_boot')
    await bootForBulkWork(this.app)
    const { seedCatalog, DEFAULT_CHUNKED_DOCUMENTS } = await import('#services/catalog/catalog_seed_service')
    const counts = { institutions: this.institutions, courses: this.courses, documents: this.documents }
    for (const [name, value] of Object.entries(counts)) {
      if (!Number.isInteger(value) || value < 0 || value > 50_000_000) {
        return this.fail(`--${name} must be a whole number between 0 and 50000000`)
      }
    }
    if (this.chunks !== undefined && (!Number.isInteger(this.chunks) || this.chunks < 0)) {
      return this.fail('--chunks must be a whole number of at least 0')
    }
    if (this.batch !== undefined && (!Number.isInteger(this.batch) || this.batch < 1 || this.batch > 1000)) {
      return this.fail('--batch must be between 1 and 1000')
    }

    let lastLine = ''
    let lastPrinted = 0
    const interactive = !this.json && process.stdout.isTTY
    const onProgress = (p: { kind: string; done: number; total: number }) => {
      if (this.json) return
      const line = `${p.kind.padEnd(12)} ${bar(p.done, p.total)}`
      const now = Date.now()
      if (interactive) {
        if (now - lastPrinted > 100 || p.done === p.total) {
          process.stdout.write(`\r${line}`)
          if (p.done === p.total) process.stdout.write('\n')
          lastPrinted = now
        }
      } else if (p.done === p.total || now - lastPrinted > 2000) {
        if (line !== lastLine) this.logger.log(line)
        lastLine = line
        lastPrinted = now
      }
    }

    try {
      const result = await seedCatalog({
        ...counts,
        chunkDocuments: this.chunks ?? Math.min(this.documents, DEFAULT_CHUNKED_DOCUMENTS),
        batchSize: this.batch,
        onProgress,
      })
      if (this.json) {
        this.logger.log(JSON.stringify(result))
        return
      }
      this.logger.success(
        `Seeded ${result.institutions} institutions, ${result.courses} courses, ${result.documents} documents and ${result.chunks} text chunks in ${(result.duration_ms / 1000).toFixed(1)} s (${result.rows_per_second.toLocaleString('en-US')} rows/s)`
      )
    } catch (error) {
      this.fail(`Seeding failed, nothing was written: ${(error as Error).message}`)
    }
  }
}
