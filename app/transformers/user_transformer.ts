import { isoRequired } from '#transformers/iso'
import type User from '#models/user'

import type { SerializedUser } from '#shared/api/users'

export type { SerializedUser }

/** docs/rules/accounts.md#sessions: user = { id, email, username, email_verified, role, created_at }. */
export function serializeUser(user: User): SerializedUser {
  return {
    id: String(user.id),
    email: user.email,
    username: user.username,
    email_verified: Boolean(user.emailVerified),
    role: user.role,
    created_at: isoRequired(user.createdAt),
  }
}
