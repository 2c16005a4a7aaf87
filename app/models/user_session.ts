import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#models/mixins/columns'

/** One signed-in browser session (issue 23 item 8); see app/services/accounts/session_records.ts. */
export default class UserSession extends BaseModel {
  static selfAssignPrimaryKey = true

  @column({ isPrimary: true })
  declare id: string

  @column()
  declare userId: number

  @column()
  declare familyId: string

  @column(booleanColumn())
  declare remember: boolean

  @column()
  declare rememberTokenId: number | null

  @column.dateTime()
  declare signedInAt: DateTime

  @column.dateTime()
  declare createdAt: DateTime

  @column.dateTime()
  declare lastSeenAt: DateTime

  @column.dateTime()
  declare revokedAt: DateTime | null
}
