import { BadFieldError, DomainError } from '#exceptions/domain_error'
import { SITEMAP_HTTP_CACHE_CONTROL } from '#services/sitemaps/constants'

/** The Retry-After of a refused regeneration while one runs (docs/rules/crawler.md#sitemaps). */
export const REGENERATION_RETRY_AFTER_SECONDS = 60

/** Domain errors of the crawler surfaces (docs/rules/crawler.md#sitemaps). */
export class NoSitemapError extends DomainError {
  constructor(kind: string, chunk: string | number) {
    super(404, 'NOT_FOUND', `No sitemap for ${kind}/${chunk}`, {
      headers: { 'Cache-Control': SITEMAP_HTTP_CACHE_CONTROL },
    })
  }
}

export class MalformedChunkError extends BadFieldError {
  constructor() {
    super('chunk', 'number', 'The sitemap chunk must be a non-negative integer.')
  }
}

export class RegenerationInProgressError extends DomainError {
  constructor() {
    super(429, 'TOO_MANY_REQUESTS', 'A sitemap regeneration is already running. Try again in a minute.', {
      headers: { 'Retry-After': String(REGENERATION_RETRY_AFTER_SECONDS) },
    })
  }
}

/** The cron forward reached the backend and it failed (docs/rules/crawler.md#sitemaps cron 502 body). */
export class BadGatewayError extends DomainError {
  constructor(message: string, backendStatus: number | null, backendBody: string) {
    super(502, 'BAD_GATEWAY', message, {
      extra: { backend_status: backendStatus, backend_body: backendBody.slice(0, 200) },
    })
  }
}
