import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { asciiDomain, emailDomain } from '#services/accounts/canonical_email'

/**
 * docs/rules/accounts.md#signup: the vendored disposable-domain blocklist
 * (resources/data/disposable_domains.txt, never fetched at run time; source and refresh in
 * docs/decisions/accounts.md). A subdomain of a listed domain counts as listed. AUTH_DISPOSABLE_ALLOWLIST
 * (comma-separated) overrides.
 */
let cached: Set<string> | null = null

export function blocklistPath() {
  return app.makePath('resources/data/disposable_domains.txt')
}

export function parseBlocklist(text: string): Set<string> {
  const set = new Set<string>()
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim().toLowerCase()
    if (line && !line.startsWith('#')) set.add(line)
  }
  return set
}

export function disposableDomains(): Set<string> {
  if (!cached) cached = parseBlocklist(readFileSync(blocklistPath(), 'utf8'))
  return cached
}

/** The listed domain an address falls under (itself or a parent), or null. */
export function matchDisposableDomain(
  domain: string,
  blocklist: Set<string>,
  allowlist: ReadonlySet<string>
): string | null {
  const labels = asciiDomain(domain).split('.')
  // An allowlisted domain may be written in Unicode or as an A-label, as an address may.
  const allowed = new Set([...allowlist].map(asciiDomain))
  // Walk from the full domain up to its registrable parents; an allowlisted level wins.
  for (let i = 0; i < labels.length - 1; i++) {
    const candidate = labels.slice(i).join('.')
    if (allowed.has(candidate)) return null
    if (blocklist.has(candidate)) return candidate
  }
  return null
}

export function isDisposableEmail(email: string, allowlist: readonly string[]): boolean {
  const domain = emailDomain(email)
  return domain !== '' && matchDisposableDomain(domain, disposableDomains(), new Set(allowlist)) !== null
}
