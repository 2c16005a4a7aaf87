import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import { AccountInputError } from '#exceptions/accounts_errors'
import { canonicalizeEmail, normalizeEmail, storableCanonical } from '#services/accounts/canonical_email'
import { MESSAGES } from '#services/accounts/errors'
import { isUniqueViolation } from '#services/database/unique_violation'

let dummyHash: string | null = null

/**
 * A password is stored as its NFC form (the validators normalise new ones): "é" typed as one
 * code point or as "e" + U+0301 is the same password on every keyboard. Hashes stored before
 * that hold the form as it was typed, so a sign-in tries the NFC, the typed and the NFD form
 * (one form for ASCII). How many are tried depends only on the typed text, never on the account.
 */
export function passwordForms(password: string): string[] {
  return [...new Set([password.normalize('NFC'), password, password.normalize('NFD')])]
}

/** Spends the same time on an unknown address as on a wrong password. */
async function burnTime(password: string) {
  dummyHash ??= await hash.use('scrypt').make('studyhub-dummy-password')
  for (const form of passwordForms(password)) await hash.use('scrypt').verify(dummyHash, form)
}

/** The form of `password` the stored hash matches, or null. */
async function matchingForm(stored: string, password: string): Promise<string | null> {
  for (const form of passwordForms(password)) {
    if (await hash.use('scrypt').verify(stored, form)) return form
  }
  return null
}

export async function findByLoginEmail(email: string): Promise<User | null> {
  const normalized = normalizeEmail(email)
  // A row written before addresses were stored NFC may hold the form exactly as it was typed.
  const typed = email.trim().toLowerCase()
  const literal = await User.query().whereRaw('LOWER(email) IN (?, ?)', [normalized, typed]).first()
  if (literal) return literal
  return User.query().where('canonical_email', canonicalizeEmail(email)).first()
}

/** Wrong credentials answer one generic 400 (docs/rules/accounts.md#sessions), whatever was wrong. */
export async function verifyLogin(email: string, password: string): Promise<User> {
  const user = await findByLoginEmail(email)
  if (!user || !user.password) {
    await burnTime(password)
    throw new AccountInputError(MESSAGES.badCredentials)
  }
  const form = await matchingForm(user.password, password)
  if (form === null) throw new AccountInputError(MESSAGES.badCredentials)
  const normalized = password.normalize('NFC')
  // An older hash of a non-NFC form is replaced by the NFC one, so both spellings keep working.
  if (form !== normalized) {
    user.password = normalized
    await user.save()
  }
  await backfillCanonicalOnDemand(user)
  return user
}

export async function passwordMatches(user: User, password: string) {
  if (!user.password) return false
  return (await matchingForm(user.password, password)) !== null
}

/**
 * docs/rules/accounts.md#signup: a legacy row without canonical_email gets it at login, unless another row
 * already holds that canonical value (a collision stays NULL for an admin to resolve) or it is too long
 * for the column.
 */
export async function backfillCanonicalOnDemand(user: User) {
  if (user.canonicalEmail) return
  const canonical = storableCanonical(user.email)
  if (!canonical) return
  const taken = await User.query().where('canonical_email', canonical).whereNot('id', user.id).first()
  if (taken) return
  try {
    user.canonicalEmail = canonical
    await user.save()
  } catch (error) {
    user.canonicalEmail = null
    if (!isUniqueViolation(error)) throw error
  }
}
