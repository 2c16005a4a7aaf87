import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { nullStrict } from '#validators/nulls'
import { FLAG_ENVIRONMENTS, FLAG_NAME_PREFIX } from '#models/feature_flag'

/** docs/rules/flags.md#evaluation: name required with the enable_ prefix (400 otherwise); the rest optional. */
export const FLAG_NAME_PATTERN = /^enable_[A-Za-z0-9_.:-]+$/

export const createFlagValidator = vine.create(
  nullStrict({
    name: vine.string().trim().maxLength(100).startsWith(FLAG_NAME_PREFIX).regex(FLAG_NAME_PATTERN),
    description: vine.string().trim().maxLength(500).nullable().optional(),
    is_enabled: vine.boolean().optional(),
    // Blank (or spaces) means all environments, as in the admin form and `flags:create --environment=`.
    environment: vine
      .string()
      .trim()
      .in(['', ...FLAG_ENVIRONMENTS])
      .transform((value) => (value || null) as (typeof FLAG_ENVIRONMENTS)[number] | null)
      .nullable()
      .optional(),
  })
)

export const flagValidationMessages = {
  'name.required': 'The name field is required',
  'name.startsWith': `Flag name must start with ${FLAG_NAME_PREFIX}`,
  'name.regex': `Flag name must start with ${FLAG_NAME_PREFIX} and use only letters, digits, _ . : -`,
  'environment.in': `Environment must be one of ${FLAG_ENVIRONMENTS.join(', ')} (or empty for all)`,
}

createFlagValidator.messagesProvider = new SimpleMessagesProvider(flagValidationMessages)
