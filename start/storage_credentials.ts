/**
 * GCS_CREDENTIALS holds the service-account JSON either raw or base64-encoded (docs/rules/crawler.md#sitemaps).
 * Returns the parsed object, or undefined when unset (the client then uses its defaults).
 */
export function parseGcsCredentials(value: string | undefined): Record<string, unknown> | undefined {
  if (!value || !value.trim()) return undefined
  const text = value.trim()
  const candidates = text.startsWith('{') ? [text] : [Buffer.from(text, 'base64').toString('utf8'), text]
  for (const candidate of candidates) {
    try {
      const parsed = JSON.parse(candidate)
      if (parsed && typeof parsed === 'object') return parsed
    } catch {}
  }
  throw new Error('GCS_CREDENTIALS is neither JSON nor base64-encoded JSON')
}
