import { domainToASCII } from 'node:url'

/**
 * docs/rules/accounts.md#signup: canonical email. For the webmail provider's two domains (gmail.com and
 * googlemail.com) the +alias and every dot of the local part are stripped and both domains
 * count as one; every other address is only lowercased (and trimmed).
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/** Trimmed, NFC ("é" typed as "e" + U+0301 is the same address, RFC 6532) and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase()
}

/**
 * A domain in its ASCII (A-label, `xn--`) form: `bücher.de` and `xn--bcher-kva.de` are one domain
 * to DNS and to mail, so the block list (which lists some domains as A-labels) and the duplicate
 * check compare this form. A domain the IDNA mapping refuses stays as typed.
 */
export function asciiDomain(domain: string): string {
  const lowered = domain.toLowerCase().replace(/\.+$/, '')
  if (/^[\x21-\x7e]*$/.test(lowered)) return lowered
  return domainToASCII(lowered) || lowered
}

export function emailDomain(email: string): string {
  const normalized = normalizeEmail(email)
  const at = normalized.lastIndexOf('@')
  return at === -1 ? '' : asciiDomain(normalized.slice(at + 1))
}

export function canonicalizeEmail(email: string): string {
  const normalized = normalizeEmail(email)
  const at = normalized.lastIndexOf('@')
  if (at === -1) return normalized
  let local = normalized.slice(0, at)
  const domain = asciiDomain(normalized.slice(at + 1))
  if (GMAIL_DOMAINS.has(domain)) {
    const plus = local.indexOf('+')
    if (plus !== -1) local = local.slice(0, plus)
    local = local.replaceAll('.', '')
    return `${local}@gmail.com`
  }
  return `${local}@${domain}`
}

/** The longest address the `users` columns hold (RFC 5321's 254, counted on the stored forms). */
export const MAX_EMAIL_LENGTH = 254

/**
 * True when both stored forms of an address fit MAX_EMAIL_LENGTH: lowercasing can lengthen it
 * ("İ" becomes "i" + U+0307) and the canonical form spells an IDN domain as A-labels (`xn--…`).
 * PostgreSQL refuses a longer value (22001) where SQLite stores it.
 */
export function emailFitsColumns(email: string): boolean {
  return normalizeEmail(email).length <= MAX_EMAIL_LENGTH && canonicalizeEmail(email).length <= MAX_EMAIL_LENGTH
}

/**
 * The canonical form to store for an address, or null when it does not fit the column: a legacy
 * row (from before the length check) keeps canonical_email NULL instead of failing its write.
 */
export function storableCanonical(email: string): string | null {
  const canonical = canonicalizeEmail(email)
  return canonical.length <= MAX_EMAIL_LENGTH ? canonical : null
}
