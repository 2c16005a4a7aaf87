import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column, hasMany, hasOne } from '@adonisjs/lucid/orm'
import { instantColumn, withId, withTimestamps } from '#models/mixins/columns'
import type { HasMany, HasOne } from '@adonisjs/lucid/types/relations'
import StructuredNoteReference from '#models/structured_note_reference'
import StructuredNoteCanvasItem from '#models/structured_note_canvas_item'

export type NoteStatus = 'active' | 'archived' | 'deleted'

export default class StructuredNote extends compose(BaseModel, withId, withTimestamps) {
  static table = 'structured_notes'

  @column()
  declare userId: number

  @column()
  declare title: string

  @column()
  declare body: string

  @column()
  declare status: NoteStatus

  @column.dateTime(instantColumn())
  declare deadlineAt: DateTime | null

  @column.dateTime(instantColumn())
  declare reminderAt: DateTime | null

  @column.dateTime()
  declare reminderSentAt: DateTime | null

  @column.dateTime()
  declare deletedAt: DateTime | null

  @column({ serializeAs: null })
  declare searchText: string

  @hasMany(() => StructuredNoteReference, { foreignKey: 'noteId' })
  declare references: HasMany<typeof StructuredNoteReference>

  @hasOne(() => StructuredNoteCanvasItem, { foreignKey: 'noteId' })
  declare canvasItem: HasOne<typeof StructuredNoteCanvasItem>
}
