import type { Knex } from 'knex'
import type { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Column shapes the migrations repeat. Each helper makes exactly the knex calls the migrations
| made by hand (same order, same options), so a migration that uses one builds the same schema
| on SQLite and PostgreSQL as before.
*/

type TableBuilder = Knex.CreateTableBuilder | Knex.AlterTableBuilder

/**
 * An unsigned integer column naming a row of `parent` by its id. By default NOT NULL and deleted with that
 * row; `nullable` makes it optional, `onDelete: 'SET NULL'` clears it instead, `unique` allows one per row.
 */
export function foreignId(
  table: TableBuilder,
  column: string,
  parent: string,
  options: { nullable?: boolean; unique?: boolean; onDelete?: 'CASCADE' | 'SET NULL' } = {}
) {
  const base = table.integer(column)
  const nullability = options.nullable ? base.nullable() : base.notNullable()
  const unsigned = nullability.unsigned()
  const keyed = options.unique ? unsigned.unique() : unsigned
  return keyed
    .references('id')
    .inTable(parent)
    .onDelete(options.onDelete ?? 'CASCADE')
}

/** `created_at` and `updated_at`, both set on every row (`updated_at` may be NULL where older rows lack it). */
export function timestampColumns(table: TableBuilder, options: { nullableUpdatedAt?: boolean } = {}) {
  table.timestamp('created_at').notNullable()
  const updatedAt = table.timestamp('updated_at')
  if (options.nullableUpdatedAt) updatedAt.nullable()
  else updatedAt.notNullable()
}

/**
 * Creates the table `name` unless it exists: the migrations are written to run over databases that
 * already hold some of their tables.
 */
export async function createTableIfMissing(
  migration: BaseSchema,
  name: string,
  build: (table: Knex.CreateTableBuilder) => void
) {
  if (!(await migration.schema.hasTable(name))) migration.schema.createTable(name, build)
}

/** Rollback of a migration that created tables: drops them in the order given (children before parents). */
export function dropTablesIfExist(migration: BaseSchema, names: string[]) {
  for (const name of names) migration.schema.dropTableIfExists(name)
}
