import type User from '#models/user'

export type SerializedUser = {
  id: string
  email: string
  username: string | null
  email_verified: boolean
  role: 'user' | 'admin'
  created_at: string
}

/** CONTRACT 3: user = { id, email, username, email_verified, role, created_at }. */
export function serializeUser(user: User): SerializedUser {
  return {
    id: String(user.id),
    email: user.email,
    username: user.username,
    email_verified: Boolean(user.emailVerified),
    role: user.role,
    created_at: user.createdAt.toUTC().toISO({ suppressMilliseconds: false })!,
  }
}
