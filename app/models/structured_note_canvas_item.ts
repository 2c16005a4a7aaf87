import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class StructuredNoteCanvasItem extends BaseModel {
  static table = 'structured_note_canvas_items'

  @column({ isPrimary: true })
  declare id: number

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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
