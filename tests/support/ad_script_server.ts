import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for the ad provider's script (docs/rules/flags.md#ads: AdsSettings.scriptUrl lets tests serve
 * a local one). Records every request so tests can check what was sent to the "provider".
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
