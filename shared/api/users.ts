/** docs/rules/accounts.md#sessions: user = { id, email, username, email_verified, role, created_at }. */
export type SerializedUser = {
  id: string
  email: string
  username: string | null
  email_verified: boolean
  role: 'user' | 'admin'
  created_at: string
}
