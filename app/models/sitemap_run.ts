import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

const json = {
  prepare: (value: unknown) => JSON.stringify(value ?? null),
  consume: (value: string | null) => {
    try {
      return value ? JSON.parse(value) : null
    } catch {
      return null
    }
  },
}

/** One sitemap regeneration (the change since the last run compares with the previous row). */
export default class SitemapRun extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare trigger: string

  @column()
  declare durationMs: number

  @column(json)
  declare counts: Record<string, number>

  @column(json)
  declare maxIds: Record<string, number>

  @column()
  declare uploaded: number

  @column()
  declare skipped: number

  @column(json)
  declare result: Record<string, unknown>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
