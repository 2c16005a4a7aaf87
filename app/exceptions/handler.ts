import { isApiPath } from '#middleware/api_path'
import app from '@adonisjs/core/services/app'
import { errors as vineErrors } from '@vinejs/vine'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import { ApiError, type ErrorCode, type FieldError } from '#exceptions/api_error'

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'BAD_REQUEST',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  502: 'BAD_GATEWAY',
}

const SAFE_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'The request body is too large.',
  429: 'Too many requests. Please try again later.',
  500: 'Something went wrong. Please try again.',
}

/**
 * zlib's errors (`Z_DATA_ERROR`, `Z_BUF_ERROR`, brotli's `ERR__ERROR_FORMAT_*`): the body parser
 * inflates a body sent with Content-Encoding gzip, deflate or br, and bytes that do not inflate
 * (not compressed, or cut short) fail there.
 */
function isInflateError(error: any) {
  return typeof error?.errno === 'number' && /^(Z_[A-Z_]+|ERR__ERROR_[A-Z0-9_]+)$/.test(String(error?.code))
}

type ContractBody = {
  code: ErrorCode
  message: string
  status: number
  errors?: FieldError[]
  [key: string]: unknown
}

/**
 * Turns every error under /api into the contract body (docs/rules/hardening.md#json) and every page error
 * into a friendly page. A 500 never carries a stack, SQL or provider text.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = false

  protected statusPages = {}

  static toContractBody(error: any): { body: ContractBody; headers: Record<string, string> } {
    if (error instanceof ApiError) {
      return {
        body: {
          code: error.code,
          message: error.message,
          status: error.status,
          ...(error.errors ? { errors: error.errors } : {}),
          ...error.extra,
        },
        headers: error.headers,
      }
    }
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const errors: FieldError[] = (error.messages as any[]).map((m) => ({
        field: String(m.field),
        rule: String(m.rule),
        message: String(m.message),
      }))
      return {
        body: { code: 'BAD_REQUEST', message: errors[0]?.message || 'Validation failed', status: 400, errors },
        headers: {},
      }
    }
    const code = error?.code as string | undefined
    if (code === 'E_UNAUTHORIZED_ACCESS') {
      return { body: { code: 'UNAUTHORIZED', message: 'Authentication required', status: 401 }, headers: {} }
    }
    if (code === 'E_BAD_CSRF_TOKEN') {
      return { body: { code: 'FORBIDDEN', message: 'Invalid or missing CSRF token', status: 403 }, headers: {} }
    }
    if (code === 'E_TOO_MANY_REQUESTS') {
      const retryAfter = Number(error?.response?.availableIn ?? 60)
      return {
        body: { code: 'TOO_MANY_REQUESTS', message: SAFE_MESSAGES[429], status: 429 },
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfter))) },
      }
    }
    if (code === 'E_ROW_NOT_FOUND' || code === 'E_ROUTE_NOT_FOUND') {
      return { body: { code: 'NOT_FOUND', message: 'Not Found', status: 404 }, headers: {} }
    }
    // PostgreSQL refuses an id beyond its column's range (22003) before reading or writing a
    // row, where SQLite simply finds none: no such record, so 404 like any unknown id
    // (docs/decisions/hardening.md).
    if (code === '22003' && /out of range for type (smallint|integer|bigint)/i.test(String(error?.message))) {
      return { body: { code: 'NOT_FOUND', message: 'Not Found', status: 404 }, headers: {} }
    }
    // A write that points at a row another request deleted meanwhile (a course, a document):
    // PostgreSQL checks the foreign key at the write, after our lookup found the row, and
    // refuses it (23503 "is not present in table"), where SQLite's single writer let the lookup
    // see the row gone. The target is missing: 404 like any unknown id (docs/decisions/hardening.md).
    if (code === '23503' && /is not present in table/i.test(String(error?.detail ?? ''))) {
      return { body: { code: 'NOT_FOUND', message: 'Not Found', status: 404 }, headers: {} }
    }
    // 422 is reserved for the empty AI scope (an ApiError, handled above); a framework 422 —
    // the body parser refusing a JSON body that is not an object, say — is bad input: 400.
    const rawStatus = Number(error?.status) || 500
    const status = rawStatus === 422 ? 400 : rawStatus
    if (status >= 400 && status < 500) {
      const raw = String(error?.message ?? '')
      // Body-parser and runtime texts ("request entity too large", "Maximum call stack size
      // exceeded") are not messages for people: each gets one of ours.
      const message =
        status === 413
          ? SAFE_MESSAGES[413]
          : error instanceof RangeError || /call stack/i.test(raw)
            ? 'The JSON body is nested too deeply.'
            : code === 'E_INVALID_JSON' || /json/i.test(raw)
              ? 'Malformed JSON body'
              : raw && raw.length < 200
                ? raw
                : SAFE_MESSAGES[status] || 'Bad request'
      return {
        body: { code: CODE_BY_STATUS[status] || 'BAD_REQUEST', message, status },
        headers: {},
      }
    }
    return { body: { code: 'INTERNAL_SERVER_ERROR', message: SAFE_MESSAGES[500], status: 500 }, headers: {} }
  }

  /** A compressed request body that does not inflate is bad input (400), not a server fault. */
  private clientFault(error: unknown, ctx: HttpContext) {
    if (isInflateError(error) && ctx.request.header('content-encoding')) {
      return ApiError.badRequest('The request body could not be decompressed (check its Content-Encoding).')
    }
    return error
  }

  async handle(raised: unknown, ctx: HttpContext) {
    const error = this.clientFault(raised, ctx)
    const url = ctx.request.url()
    const wantsJson = isApiPath(url) || !this.isPageRequest(ctx)
    const { body, headers } = HttpExceptionHandler.toContractBody(error)

    if (wantsJson) {
      for (const [name, value] of Object.entries(headers)) ctx.response.header(name, value)
      return ctx.response.status(body.status).send(body)
    }

    for (const [name, value] of Object.entries(headers)) ctx.response.header(name, value)
    if (body.status === 401) {
      return ctx.response.redirect(`/login?next=${encodeURIComponent(url)}`)
    }
    const page =
      body.status === 404
        ? 'errors/not_found'
        : body.status === 403
          ? 'errors/forbidden'
          : body.status >= 500
            ? 'errors/server_error'
            : 'errors/bad_request'
    ctx.response.status(body.status)
    try {
      const html = await ctx.inertia.render(page as any, {
        status: body.status,
        message: body.status >= 500 ? SAFE_MESSAGES[500] : body.message,
      })
      return ctx.response.status(body.status).send(html)
    } catch (renderError) {
      ctx.logger.error({ err: renderError }, 'could not render the error page')
      return ctx.response.status(body.status).send(body.message)
    }
  }

  private isPageRequest(ctx: HttpContext) {
    if (ctx.request.header('x-inertia')) return true
    const accept = ctx.request.header('accept') || ''
    return ctx.request.method() === 'GET' || ctx.request.method() === 'HEAD'
      ? !accept.includes('application/json') || accept.includes('text/html')
      : false
  }

  async report(raised: unknown, ctx: HttpContext) {
    const error = this.clientFault(raised, ctx)
    // The status the client got: a database error mapped to 404 above (22003, 23503) is no fault.
    const status = HttpExceptionHandler.toContractBody(error).body.status
    if (status >= 500) {
      ctx.logger.error({ err: error }, 'request failed')
      return
    }
    if (!app.inProduction) ctx.logger.debug({ err: error }, 'request error')
  }
}
