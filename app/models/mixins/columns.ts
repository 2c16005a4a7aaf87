import { DateTime } from 'luxon'
import { column, type BaseModel } from '@adonisjs/lucid/orm'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'

type ModelClass = NormalizeConstructor<typeof BaseModel>

/**
 * Column mixins for `compose(BaseModel, withId, withTimestamps)`: the columns most tables share,
 * declared once. Each `compose` call builds its own intermediate class, so no model shares another's
 * column definitions.
 */

/** `id`: the auto-incremented primary key. */
export function withId<Model extends ModelClass>(superclass: Model) {
  class WithId extends superclass {
    @column({ isPrimary: true })
    declare id: number
  }
  return WithId
}

/** `created_at`, set on insert. */
export function withCreatedAt<Model extends ModelClass>(superclass: Model) {
  class WithCreatedAt extends superclass {
    @column.dateTime({ autoCreate: true })
    declare createdAt: DateTime
  }
  return WithCreatedAt
}

/** `created_at` set on insert and `updated_at` set on every save. */
export function withTimestamps<Model extends ModelClass>(superclass: Model) {
  class WithTimestamps extends withCreatedAt(superclass) {
    @column.dateTime({ autoCreate: true, autoUpdate: true })
    declare updatedAt: DateTime
  }
  return WithTimestamps
}

/** As `withTimestamps`, for tables whose `updated_at` may be NULL (rows written before it was set). */
export function withNullableUpdatedAt<Model extends ModelClass>(superclass: Model) {
  class WithNullableUpdatedAt extends withCreatedAt(superclass) {
    @column.dateTime({ autoCreate: true, autoUpdate: true })
    declare updatedAt: DateTime | null
  }
  return WithNullableUpdatedAt
}

/** Options of a boolean column: SQLite returns 0 and 1. */
export const booleanColumn = () => ({ consume: (value: unknown) => Boolean(value) })

/** As `booleanColumn`, keeping NULL (unknown). */
export const nullableBooleanColumn = () => ({
  consume: (value: unknown) => (value === null || value === undefined ? null : Boolean(value)),
})

/**
 * Options of a datetime column whose instant a client sends (a note's deadline and reminder): stored
 * with its milliseconds on SQLite too (Lucid's SQLite format stops at seconds, PostgreSQL's keeps
 * them), so what `Date#toISOString` sent is what reads back on every dialect. Stored in UTC; the
 * longer text still compares and sorts as the instant it is.
 */
export const instantColumn = () => ({
  prepare: (value: unknown, _attribute: string, row: LucidRow) => {
    if (!DateTime.isDateTime(value)) return value
    const format: string = (row.constructor as LucidModel).query(row.$options).client.dialect.dateTimeFormat
    return format.includes('.SSS') ? value.toFormat(format) : value.toUTC().toFormat(`${format}.SSS`)
  },
})
