import User from '#models/user'
import { randomUUID } from 'node:crypto'

export type TestUserOptions = {
  email?: string
  password?: string
  role?: 'user' | 'admin'
  verified?: boolean
  username?: string | null
}

/** Creates a user directly in the database (tests sign in with `loginAs`). */
export async function createUser(options: TestUserOptions = {}) {
  const email = options.email || `user-${randomUUID().slice(0, 8)}@example.com`
  return User.create({
    email,
    canonicalEmail: email.toLowerCase(),
    password: options.password || 'secret-password',
    role: options.role || 'user',
    emailVerified: options.verified ?? true,
    username: options.username ?? null,
  })
}
