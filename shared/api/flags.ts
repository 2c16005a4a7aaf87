/** docs/rules/flags.md#evaluation flag JSON (GET /api/feature-flags, the admin page). */
export type SerializedFeatureFlag = {
  id: string
  name: string
  description: string | null
  is_enabled: boolean
  environment: string | null
  created_at: string | null
  updated_at: string | null
}

/** One entry of a flag's audit trail (GET /api/feature-flags/:name/history). */
export type SerializedFlagAudit = {
  id: string
  flag_name: string
  action: string
  actor: string
  old_value: boolean | null
  new_value: boolean | null
  created_at: string | null
}
