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

  /** Float32 blob of [chunk, ...sentences] vectors (vector_blob.ts), null until embedded. */
  @column({ serializeAs: null })
  declare vectors: Buffer | null

  /** The encoder that made `vectors`; vectors of another encoder are ignored. */
  @column({ serializeAs: null })
  declare vectorsModel: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
