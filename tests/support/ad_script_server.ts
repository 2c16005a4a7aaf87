import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for the ad provider's script (docs/rules/flags.md#ads: ADS_SCRIPT_URL lets tests serve a
 * local one). Records every request so tests can check what was sent to the "provider".
 */
export async function startAdScriptServer() {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = []
  const server: Server = createServer((req, res) => {
    requests.push({ url: req.url || '', headers: req.headers })
    if ((req.url || '').startsWith('/ads.js')) {
      res.writeHead(200, { 'Content-Type': 'application/javascript', 'Access-Control-Allow-Origin': '*' })
      res.end('window.__adScriptLoaded = (window.__adScriptLoaded || 0) + 1;')
      return
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' })
    res.end('not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Sets ADS_* for the duration of a test; returns the restore function. */
export function withAdsEnv(values: Record<string, string | undefined>) {
  const previous: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(values)) {
    previous[key] = process.env[key]
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  return () => {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  }
}
