import { Exception } from '@adonisjs/core/exceptions'

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'EMAIL_NOT_VERIFIED'
  | 'CREDITS_EXHAUSTED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE_ENTITY'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'INTERNAL_SERVER_ERROR'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE'
  | 'PAYMENTS_NOT_CONFIGURED'

export type FieldError = { field: string; rule: string; message: string }

/**
 * A domain error that carries its HTTP status and contract `code` (docs/rules/hardening.md#json). The
 * exception handler turns it into `{ code, message, status, errors?, ...extra }`.
 */
export class ApiError extends Exception {
  declare code: ErrorCode
  readonly extra: Record<string, unknown>
  readonly errors?: FieldError[]
  readonly headers: Record<string, string>

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { extra?: Record<string, unknown>; errors?: FieldError[]; headers?: Record<string, string> } = {}
  ) {
    super(message, { status, code })
    this.code = code
    this.extra = options.extra ?? {}
    this.errors = options.errors
    this.headers = options.headers ?? {}
  }

  static badRequest(message: string, extra?: Record<string, unknown>, errors?: FieldError[]) {
    return new ApiError(400, 'BAD_REQUEST', message, { extra, errors })
  }
  static unauthorized(message = 'Authentication required') {
    return new ApiError(401, 'UNAUTHORIZED', message)
  }
  static forbidden(message = 'Forbidden', extra?: Record<string, unknown>) {
    return new ApiError(403, 'FORBIDDEN', message, { extra })
  }
  static notFound(message = 'Not Found') {
    return new ApiError(404, 'NOT_FOUND', message)
  }
  static conflict(message: string) {
    return new ApiError(409, 'CONFLICT', message)
  }
  static unprocessable(message: string) {
    return new ApiError(422, 'UNPROCESSABLE_ENTITY', message)
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new ApiError(429, 'TOO_MANY_REQUESTS', message, {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    })
  }
  static unavailable(message: string, retryAfterSeconds?: number) {
    const headers = retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(retryAfterSeconds) }
    return new ApiError(503, 'SERVICE_UNAVAILABLE', message, headers && { headers })
  }
  static internal(message = 'Something went wrong. Please try again.') {
    return new ApiError(500, 'INTERNAL_SERVER_ERROR', message)
  }
}
