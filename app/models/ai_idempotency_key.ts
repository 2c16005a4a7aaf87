import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withCreatedAt } from '#models/mixins/columns'

/** The stored answer of a generation call sent with an Idempotency-Key header. */
export default class AiIdempotencyKey extends compose(BaseModel, withId, withCreatedAt) {
  static table = 'ai_idempotency_keys'

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

  /** sha256 of the tool and its validated body; null on rows older than the column. */
  @column()
  declare requestHash: string | null
}
