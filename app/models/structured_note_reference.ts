import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { withId, withTimestamps } from '#models/mixins/columns'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Document from '#models/document'
import type { AccessState } from '#shared/api/notes'

export type ReferenceTargetType = 'document' | 'course' | 'institution'
export type { AccessState }

export default class StructuredNoteReference extends compose(BaseModel, withId, withTimestamps) {
  static table = 'structured_note_references'

  @column()
  declare noteId: number

  @column()
  declare targetType: ReferenceTargetType

  @column()
  declare documentId: number | null

  @column()
  declare courseId: number | null

  @column()
  declare institutionId: number | null

  @column()
  declare targetSlug: string | null

  @column()
  declare targetTitle: string | null

  @column()
  declare context: string | null

  @column()
  declare position: number

  @column()
  declare refDate: string | null

  @column()
  declare status: 'active' | 'archived'

  @column.dateTime()
  declare archivedAt: DateTime | null

  @column()
  declare accessStateSnapshot: AccessState

  @belongsTo(() => Document)
  declare document: BelongsTo<typeof Document>

  /** The id of the live target, null once the target was hard-deleted. */
  get targetId(): number | null {
    if (this.targetType === 'document') return this.documentId
    if (this.targetType === 'course') return this.courseId
    return this.institutionId
  }
}
