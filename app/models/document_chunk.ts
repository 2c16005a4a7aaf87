import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withCreatedAt } from '#models/mixins/columns'

export default class DocumentChunk extends compose(BaseModel, withId, withCreatedAt) {
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
}
