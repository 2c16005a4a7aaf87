import { BaseSchema } from '@adonisjs/lucid/schema'
import { createTableIfMissing, dropTablesIfExist } from '#database/schema_columns'

/**
 * sitemap_runs: one row per regeneration (the change since the last run is computed from the
 * previous row). scheduler_runs: one row per task and minute slot; the unique (task, slot)
 * pair makes every scheduled task run at most once per matching minute, however many
 * schedulers run.
 */
export default class extends BaseSchema {
  async up() {
    await createTableIfMissing(this, 'sitemap_runs', (table) => {
      table.increments('id')
      table.string('trigger', 30).notNullable()
      table.integer('duration_ms').notNullable().defaultTo(0)
      table.text('counts').notNullable()
      table.text('max_ids').notNullable()
      table.integer('uploaded').notNullable().defaultTo(0)
      table.integer('skipped').notNullable().defaultTo(0)
      table.text('result').notNullable()
      table.timestamp('created_at').notNullable()
    })
    await createTableIfMissing(this, 'scheduler_runs', (table) => {
      table.increments('id')
      table.string('task', 100).notNullable()
      table.string('slot', 40).notNullable()
      table.string('status', 20).notNullable()
      table.text('error').nullable()
      table.timestamp('started_at').notNullable()
      table.timestamp('finished_at').nullable()
      table.unique(['task', 'slot'])
    })
  }

  async down() {
    dropTablesIfExist(this, ['scheduler_runs', 'sitemap_runs'])
  }
}
