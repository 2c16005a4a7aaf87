import net from 'node:net'

/** Connections the guard refused (host:port), for the test that proves the guard works. */
export const refusedConnections: string[] = []

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i

/**
 * Refuses every outbound TCP connection (HTTP, HTTPS and fetch all open one through
 * net.Socket#connect) except to loopback, where the test server, PostgreSQL and Redis listen,
 * and unix sockets. A refused attempt throws at once and is recorded, so a caller that swallows
 * the error still fails the test (`assertNoOutboundConnection`). Returns the restore function.
 */
export function refuseOutboundNetwork() {
  const connect = net.Socket.prototype.connect
  net.Socket.prototype.connect = function (this: net.Socket, ...args: any[]) {
    const first = Array.isArray(args[0]) ? args[0][0] : args[0]
    const options =
      typeof first === 'object' && first !== null
        ? first
        : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined }
    if (typeof options.path !== 'string') {
      const host = String(options.host ?? 'localhost').replace(/^\[|\]$/g, '')
      if (!LOOPBACK.test(host)) {
        refusedConnections.push(`${host}:${options.port}`)
        throw new Error(`Outbound network refused in this test: ${host}:${options.port}`)
      }
    }
    return connect.apply(this, args as any)
  } as typeof connect
  return () => {
    net.Socket.prototype.connect = connect
  }
}

/** Fails when code under test tried to reach the network (even if it caught the refusal). */
export function assertNoOutboundConnection() {
  const attempts = refusedConnections.splice(0, refusedConnections.length)
  if (attempts.length) throw new Error(`The test tried to reach the network: ${attempts.join(', ')}`)
}

/** The AI test files (tests/unit/ai, tests/functional/ai) run with outbound connections refused. */
export const isAiTestFile = (fileName: string | undefined) =>
  /(^|[\\/])tests[\\/](unit|functional)[\\/]ai[\\/]/.test(String(fileName ?? ''))
