import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withTimestamps } from '#models/mixins/columns'

export default class StructuredNoteCanvasItem extends compose(BaseModel, withId, withTimestamps) {
  static table = 'structured_note_canvas_items'

  @column()
  declare noteId: number

  @column({ consume: (v) => Number(v) })
  declare x: number

  @column({ consume: (v) => Number(v) })
  declare y: number

  @column({ consume: (v) => Number(v) })
  declare width: number

  @column({ consume: (v) => Number(v) })
  declare height: number

  @column()
  declare groupLabel: string | null
}
