import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** The stored answer of a generation call sent with an Idempotency-Key header. */
export default class AiIdempotencyKey extends BaseModel {
  static table = 'ai_idempotency_keys'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare key: string

  @column()
  declare operation: string

  @column()
  declare statusCode: number

  @column()
  declare response: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
