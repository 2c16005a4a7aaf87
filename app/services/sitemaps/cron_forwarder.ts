/*
| GET /api/cron/sitemap (docs/rules/crawler.md#cron, docs/rules/operations.md#addresses): forwards a POST over
| HTTP to `${BACKEND_URL}/sitemap/regenerate` (default `{site_url}/api`) with the sitemap secret, so the backend
| may run on another host. Regeneration takes about 70 s on a large catalog; undici's default 300 s header/body
| timeouts are replaced by explicit 6-minute ones.
*/
import { Agent, request } from 'undici'
import { appUrl } from '#config/app'
import { BadGatewayError } from '#exceptions/sitemaps_errors'
import type { SitemapSettings } from '#services/sitemaps/sitemap_settings'

export const CRON_FORWARD_TIMEOUT_MS = 6 * 60 * 1000

const agent = new Agent({
  headersTimeout: CRON_FORWARD_TIMEOUT_MS,
  bodyTimeout: CRON_FORWARD_TIMEOUT_MS,
  connectTimeout: 30_000,
})

export function backendUrl(settings: SitemapSettings): string {
  return (settings.backendUrl || `${appUrl}/api`).replace(/\/+$/, '')
}

export async function forwardSitemapRegeneration(settings: SitemapSettings): Promise<unknown> {
  const url = `${backendUrl(settings)}/sitemap/regenerate`
  const headers: Record<string, string> = {
    'accept': 'application/json',
    'content-type': 'application/json',
    'user-agent': 'studyhub-cron/1.0',
    'x-sitemap-secret': settings.regenerateSecret,
  }
  let status: number
  let text: string
  try {
    const response = await request(url, { method: 'POST', headers, body: '{}', dispatcher: agent })
    status = response.statusCode
    text = await response.body.text()
  } catch (error) {
    const code = (error as { code?: string }).code || 'network error'
    throw new BadGatewayError(`The sitemap backend could not be reached (${code}).`, null, '')
  }
  if (status < 200 || status >= 300) {
    throw new BadGatewayError(`The sitemap backend answered ${status}.`, status, text)
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new BadGatewayError('The sitemap backend answered with a body that is not JSON.', status, text)
  }
}
