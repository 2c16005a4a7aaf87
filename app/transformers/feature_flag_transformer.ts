import type FeatureFlag from '#models/feature_flag'
import type FeatureFlagAudit from '#models/feature_flag_audit'

import type { SerializedFeatureFlag, SerializedFlagAudit } from '#shared/api/flags'

export type { SerializedFeatureFlag }

/** docs/rules/flags.md#evaluation flag JSON. */
export function serializeFeatureFlag(flag: FeatureFlag): SerializedFeatureFlag {
  return {
    id: String(flag.id),
    name: flag.name,
    description: flag.description ?? null,
    is_enabled: Boolean(flag.isEnabled),
    environment: flag.environment ?? null,
    created_at: flag.createdAt ? flag.createdAt.toUTC().toISO() : null,
    updated_at: flag.updatedAt ? flag.updatedAt.toUTC().toISO() : null,
  }
}

export function serializeFlagAudit(entry: FeatureFlagAudit): SerializedFlagAudit {
  return {
    id: String(entry.id),
    flag_name: entry.flagName,
    action: entry.action,
    actor: entry.actor,
    old_value: entry.oldValue,
    new_value: entry.newValue,
    created_at: entry.createdAt ? entry.createdAt.toUTC().toISO() : null,
  }
}
