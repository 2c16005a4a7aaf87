/** Shared with the login and sign-up pages; see shared/safe_next_path.ts. */
export { safeNextPath } from '#shared/safe_next_path'
