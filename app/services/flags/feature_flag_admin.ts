import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { FlagExistsError, FlagNotFoundError, InvalidFlagError } from '#exceptions/flags_errors'
import FeatureFlag, { FLAG_ENVIRONMENTS, FLAG_NAME_PREFIX } from '#models/feature_flag'
import FeatureFlagAudit, { type FlagAuditAction } from '#models/feature_flag_audit'
import featureFlags, { type CreateFlagInput } from '#services/flags/feature_flags'
import { bumpFlagsVersion } from '#services/flags/flag_version'
import { isUniqueViolation } from '#services/database/unique_violation'
import { FLAG_NAME_PATTERN, flagValidationMessages } from '#validators/flags'

/**
 * The writes of feature flags (docs/rules/flags.md#evaluation admin routes and the flags:* commands), each
 * audited in the transaction of the write, then the cache refreshed (docs/rules/flags.md#cache). Reads of the
 * cache live in feature_flags.ts.
 */
export class FeatureFlagAdmin {
  async list() {
    return FeatureFlag.query().orderBy('name', 'asc')
  }

  async find(name: string) {
    return FeatureFlag.findBy('name', name)
  }

  async findOrFail(name: string) {
    const flag = await this.find(name)
    if (!flag) throw new FlagNotFoundError(name)
    return flag
  }

  static assertName(name: string) {
    if (typeof name !== 'string' || !name.startsWith(FLAG_NAME_PREFIX) || name.length <= FLAG_NAME_PREFIX.length) {
      const message = `Flag name must start with ${FLAG_NAME_PREFIX}`
      throw new InvalidFlagError(message, [{ field: 'name', rule: 'startsWith', message }])
    }
    // The admin API's rules, so that flags:create cannot store a name the API would refuse.
    if (name.length > 100 || !FLAG_NAME_PATTERN.test(name)) {
      const message = flagValidationMessages['name.regex'] + ' (at most 100 characters)'
      throw new InvalidFlagError(message, [{ field: 'name', rule: 'regex', message }])
    }
  }

  async create(input: CreateFlagInput, actor: string) {
    const name = String(input.name ?? '').trim()
    FeatureFlagAdmin.assertName(name)
    if (input.environment && !FLAG_ENVIRONMENTS.includes(input.environment)) {
      throw new InvalidFlagError(`Environment must be one of ${FLAG_ENVIRONMENTS.join(', ')}`)
    }
    if ((input.description?.trim().length ?? 0) > 500) {
      throw new InvalidFlagError('Description must be at most 500 characters')
    }
    // Names are ASCII (FLAG_NAME_PATTERN); two that differ only in case would read as one flag in
    // the admin table while the code checks just one of them.
    const taken = await FeatureFlag.query().whereRaw('lower(name) = ?', [name.toLowerCase()]).first()
    if (taken) throw new FlagExistsError(taken.name)
    let flag: FeatureFlag
    try {
      flag = await db.transaction(async (trx) => {
        const fields = {
          name,
          description: input.description?.trim() || null,
          isEnabled: Boolean(input.isEnabled),
          environment: input.environment || null,
        }
        const created = await FeatureFlag.create(fields, { client: trx })
        await this.audit(trx, name, 'create', actor, null, created.isEnabled)
        return created
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new FlagExistsError(name)
      throw error
    }
    await this.afterWrite()
    return flag
  }

  /** docs/rules/flags.md#evaluation: an atomic flip in SQL; two concurrent toggles flip twice. */
  async toggle(name: string, actor: string) {
    const isEnabled = await db.transaction(async (trx) => {
      const updated = await trx
        .from('feature_flags')
        .where('name', name)
        .update({
          is_enabled: trx.raw('NOT is_enabled'),
          updated_at: DateTime.now().toFormat(trx.dialect.dateTimeFormat),
        })
      const count = Array.isArray(updated) ? Number(updated[0] ?? 0) : Number(updated)
      if (!count) return null
      const row = await trx.from('feature_flags').where('name', name).select('is_enabled').first()
      const value = Boolean(row?.is_enabled)
      await bumpFlagsVersion(trx)
      await this.audit(trx, name, 'toggle', actor, !value, value)
      return value
    })
    if (isEnabled === null) throw new FlagNotFoundError(name)
    await this.afterWrite()
    return { name, isEnabled }
  }

  async delete(name: string, actor: string) {
    const deleted = await db.transaction(async (trx) => {
      const flag = await FeatureFlag.query({ client: trx }).where('name', name).first()
      if (!flag) return false
      await flag.delete()
      await this.audit(trx, name, 'delete', actor, flag.isEnabled, null)
      return true
    })
    if (!deleted) throw new FlagNotFoundError(name)
    await this.afterWrite()
    return { deleted: true as const, name }
  }

  async history(name: string, limit = 50) {
    return FeatureFlagAudit.query()
      .where('flag_name', name)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
  }

  private async audit(
    trx: TransactionClientContract,
    flagName: string,
    action: FlagAuditAction,
    actor: string,
    oldValue: boolean | null,
    newValue: boolean | null
  ) {
    await FeatureFlagAudit.create({ flagName, action, actor, oldValue, newValue }, { client: trx })
  }

  /** docs/rules/flags.md#cache: refreshed on every write (after the commit, so the reload sees it). */
  private async afterWrite() {
    featureFlags.invalidate()
    await featureFlags.refresh()
  }
}
