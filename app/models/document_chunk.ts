import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class DocumentChunk extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare documentId: number

  @column()
  declare chunkIndex: number

  @column()
  declare content: string

  @column({
    prepare: (value: number[] | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | null) => (value ? (JSON.parse(value) as number[]) : null),
  })
  declare embedding: number[] | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
