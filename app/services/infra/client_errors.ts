import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'

type Reply = { status: number; reason: string; message: string }

/** Node's own choices (lib/_http_server.js), answered with the contract body instead of an empty one. */
const REPLIES: Record<string, Reply> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are too large.',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    reason: 'Payload Too Large',
    message: 'The request body is too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'The request took too long to arrive.',
  },
}

const MALFORMED: Reply = { status: 400, reason: 'Bad Request', message: 'The request could not be read.' }

/** The raw HTTP/1.1 answer for a request Node refused before any route saw it. */
export function clientErrorResponse(errorCode: string | undefined): string {
  const reply = (errorCode && REPLIES[errorCode]) || MALFORMED
  const code = reply.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST'
  const body = JSON.stringify({ code, message: reply.message, status: reply.status })
  return [
    `HTTP/1.1 ${reply.status} ${reply.reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n')
}

/**
 * Requests the HTTP parser refuses (headers over 16 KB, malformed request lines, a request that
 * never finishes arriving) never reach the exception handler. Node would answer them with an
 * empty body; this answers with the contract's error body (docs/rules/hardening.md#json).
 */
export function answerClientErrors(server: Server) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy()
      return
    }
    socket.end(clientErrorResponse(error.code))
  })
  return server
}
