import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn, withId, withNullableUpdatedAt } from '#models/mixins/columns'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { DbRememberMeTokensProvider } from '@adonisjs/auth/session'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export type UserRole = 'user' | 'admin'

export default class User extends compose(BaseModel, withId, withNullableUpdatedAt, AuthFinder) {
  static rememberMeTokens = DbRememberMeTokensProvider.forModel(User)

  @column()
  declare email: string

  @column()
  declare canonicalEmail: string | null

  @column()
  declare username: string | null

  @column({ serializeAs: null })
  declare password: string | null

  @column()
  declare role: UserRole

  @column(booleanColumn())
  declare emailVerified: boolean

  /** Copied into the session at sign-in; bumped to revoke every other session. */
  @column({ serializeAs: null })
  declare authVersion: number

  @column({ serializeAs: null })
  declare paymentCustomerId: string | null

  @column({ serializeAs: null })
  declare googleId: string | null

  get isAdmin() {
    return this.role === 'admin'
  }
}
