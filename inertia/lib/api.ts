import { urlFor } from '~/client'

/**
 * The pages' client for /api (URLs from `urlFor(routeName, params)`): sends cookies and the
 * XSRF header (docs/rules/accounts.md#sessions), parses the contract error body, and never throws anything but
 * ApiRequestError.
 */
export type ApiErrorBody = {
  code: string
  message: string
  status: number
  errors?: { field: string; rule: string; message: string }[]
  [key: string]: unknown
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    /** Seconds from the Retry-After header of a 429 or 503, when the server sent one. */
    readonly retryAfter: number | null = null
  ) {
    super(body.message)
  }
  get code() {
    return this.body.code
  }
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null
}

export async function ensureCsrfCookie() {
  if (readCookie('XSRF-TOKEN')) return
  await fetch(urlFor('api.auth.csrf'), { credentials: 'same-origin' })
}

type Options = {
  method?: string
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Sees every response (success or error) before it is parsed, e.g. to read RateLimit-* headers. */
  onResponse?: (response: Response) => void
}

/** Retry-After as seconds (delta-seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null): number | null {
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000))
}

/** "in 57 minutes", "in 1 hour 5 minutes", "in 30 seconds". */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `in ${Math.max(1, Math.round(seconds))} ${Math.round(seconds) === 1 ? 'second' : 'seconds'}`
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 60) return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return `in ${hours} ${hours === 1 ? 'hour' : 'hours'}${rest ? ` ${rest} ${rest === 1 ? 'minute' : 'minutes'}` : ''}`
}

export async function api<T = unknown>(url: string, options: Options = {}): Promise<T> {
  const method = (options.method || 'GET').toUpperCase()
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let body: BodyInit | undefined
  if (options.body instanceof FormData) {
    body = options.body
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  if (method !== 'GET' && method !== 'HEAD') {
    await ensureCsrfCookie()
    const token = readCookie('XSRF-TOKEN')
    if (token) headers['X-XSRF-TOKEN'] = token
  }
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiRequestError(0, {
      code: 'NETWORK_ERROR',
      message: 'Network error. Check your connection and try again.',
      status: 0,
    })
  }
  options.onResponse?.(response)
  const text = await response.text()
  let parsed: any = null
  if (text) {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = null
    }
  }
  if (!response.ok) {
    const bodyOut: ApiErrorBody =
      parsed && typeof parsed === 'object' && 'code' in parsed
        ? parsed
        : { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong. Please try again.', status: response.status }
    throw new ApiRequestError(response.status, bodyOut, retryAfterSeconds(response.headers.get('Retry-After')))
  }
  return parsed as T
}

/** What end users see when a flag switches a feature off: never the flag's name (docs/rules/flags.md#admin). */
export const FEATURE_UNAVAILABLE_MESSAGE = 'Feature not available'

/** True for the 403 `requireFlag` answers ("Feature '<name>' is currently disabled"). */
export function isFeatureDisabledError(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 403 &&
    /^Feature '.*' is currently disabled$|^Feature not available$/.test(error.body.message || '')
  )
}

/** Copy for the codes the frontend branches on (docs/rules/hardening.md#error-body). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (isFeatureDisabledError(error)) return FEATURE_UNAVAILABLE_MESSAGE
    if (error.code === 'TOO_MANY_REQUESTS') return tooManyMessage(error)
    return error.body.message || 'Something went wrong. Please try again.'
  }
  return 'Something went wrong. Please try again.'
}

/** A 429 says what the limit is (the server's message) and when it resets (Retry-After). */
function tooManyMessage(error: ApiRequestError): string {
  const base = (error.body.message || 'Too many attempts.').replace(/\s*Please try again later\.?$/, '')
  if (error.retryAfter === null) return `${base} Please try again later.`
  return `${base} You can try again ${formatWait(error.retryAfter)}.`
}
