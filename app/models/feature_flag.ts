import { randomUUID } from 'node:crypto'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, afterDelete, afterSave, beforeCreate, column } from '@adonisjs/lucid/orm'
import { booleanColumn, withTimestamps } from '#models/mixins/columns'
import { signalFlagWrite } from '#services/flags/flag_signal'
import { bumpFlagsVersion } from '#services/flags/flag_version'

/** Known flag names (docs/rules/flags.md#evaluation). Other names follow the `enable_` convention. */
export enum FeatureFlagName {
  ENABLE_ADS = 'enable_ads',
  ENABLE_UPLOADS = 'enable_uploads',
  ENABLE_AI_TOOLS = 'enable_ai_tools',
  ENABLE_OCR_PROCESSING = 'enable_ocr_processing',
}

export const FLAG_ENVIRONMENTS = ['development', 'staging', 'production', 'test'] as const
export type FlagEnvironment = (typeof FLAG_ENVIRONMENTS)[number]
export const FLAG_NAME_PREFIX = 'enable_'

export default class FeatureFlag extends compose(BaseModel, withTimestamps) {
  static table = 'feature_flags'
  static selfAssignPrimaryKey = true

  @column({ isPrimary: true })
  declare id: string

  @column()
  declare name: string

  @column()
  declare description: string | null

  @column(booleanColumn())
  declare isEnabled: boolean

  @column()
  declare environment: FlagEnvironment | null

  @beforeCreate()
  static assignId(flag: FeatureFlag) {
    if (!flag.id) flag.id = randomUUID()
  }

  /** Any write, even one that bypasses the service, invalidates every instance's cache. */
  @afterSave()
  static async announceSave(flag: FeatureFlag) {
    await bumpFlagsVersion(flag.$trx)
    signalFlagWrite()
  }

  @afterDelete()
  static async announceDelete(flag: FeatureFlag) {
    await bumpFlagsVersion(flag.$trx)
    signalFlagWrite()
  }
}
