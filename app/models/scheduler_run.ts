import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId } from '#models/mixins/columns'

/** One run of a scheduled task in one minute slot; (task, slot) is unique. */
export default class SchedulerRun extends compose(BaseModel, withId) {
  @column()
  declare task: string

  @column()
  declare slot: string

  @column()
  declare status: 'running' | 'succeeded' | 'failed'

  @column()
  declare error: string | null

  @column.dateTime()
  declare startedAt: DateTime

  @column.dateTime()
  declare finishedAt: DateTime | null
}
