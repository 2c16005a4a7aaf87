import vine from '@vinejs/vine'
import { nullStrict } from '#validators/nulls'
import { emailFitsColumns } from '#services/accounts/canonical_email'

/**
 * An address draws every character it holds: control, format (zero-width, bidi) and other
 * default-ignorable characters would make a second account that reads like the first.
 */
const visibleEmail = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(value)) {
    field.report('The {{ field }} field must be a valid email address', 'email', field)
  }
})

/** The address as stored (lowercased, and canonical with its domain as A-labels) fits its columns. */
const storableEmail = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string' || !field.isValid) return
  if (!emailFitsColumns(value)) {
    field.report('The {{ field }} field must be a valid email address', 'email', field)
  }
})

/**
 * docs/rules/accounts.md#sessions: password 8..128 chars; emails at most 254; usernames 3..30 of
 * [A-Za-z0-9_.-].
 */
const email = () => vine.string().trim().maxLength(254).use(visibleEmail()).email().use(storableEmail())
// A new password is stored as its NFC form (see passwordForms in app/services/accounts/credentials.ts).
const password = () =>
  vine
    .string()
    .trim()
    .minLength(8)
    .maxLength(128)
    .transform((value) => value.normalize('NFC'))
const username = () =>
  vine
    .string()
    .trim()
    .minLength(3)
    .maxLength(30)
    .regex(/^[A-Za-z0-9_.-]+$/)

/** An optional text left blank is no value (a form field left empty). */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

export const signupValidator = vine.create(
  nullStrict({
    email: email(),
    password: password(),
    username: username().parse(blankAsMissing).optional().nullable(),
  })
)

export const loginValidator = vine.create(
  nullStrict({
    email: vine.string().trim().maxLength(254),
    password: vine.string().trim().maxLength(1024),
    remember: vine.boolean().optional(),
  })
)

export const tokenValidator = vine.create(
  nullStrict({
    token: vine.string().trim().maxLength(200),
  })
)

export const forgotPasswordValidator = vine.create(
  nullStrict({
    email: email(),
  })
)

export const resetPasswordValidator = vine.create(
  nullStrict({
    token: vine.string().trim().maxLength(200),
    password: password(),
  })
)

export const changeEmailValidator = vine.create(
  nullStrict({
    email: email(),
    current_password: vine.string().trim().maxLength(1024),
  })
)

export const changePasswordValidator = vine.create(
  nullStrict({
    current_password: vine.string().trim().maxLength(1024),
    password: password(),
  })
)

export const profileValidator = vine.create(
  nullStrict({
    username: username().nullable(),
  })
)
