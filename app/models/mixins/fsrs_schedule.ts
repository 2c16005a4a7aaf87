import { DateTime } from 'luxon'
import { column, type BaseModel } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'

/**
 * The FSRS memory state of a review card (issue 27): the card holds the current one, each review log row
 * the one it replaced.
 */
export function withFsrsSchedule<Model extends NormalizeConstructor<typeof BaseModel>>(superclass: Model) {
  class WithFsrsSchedule extends superclass {
    @column()
    declare state: number

    @column.dateTime()
    declare dueAt: DateTime

    @column()
    declare stability: number

    @column()
    declare difficulty: number

    @column()
    declare elapsedDays: number

    @column()
    declare scheduledDays: number

    @column()
    declare learningSteps: number
  }
  return WithFsrsSchedule
}
