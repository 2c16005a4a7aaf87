import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withCreatedAt } from '#models/mixins/columns'

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
export default class SitemapRun extends compose(BaseModel, withId, withCreatedAt) {
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
}
