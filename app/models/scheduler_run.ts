import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One run of a scheduled task in one minute slot; (task, slot) is unique. */
export default class SchedulerRun extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

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
