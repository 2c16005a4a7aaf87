// The same rule the server applies to `next` (issue 23 item 7), checked again before navigating.
export { safeNextPath } from '../../shared/safe_next_path'
