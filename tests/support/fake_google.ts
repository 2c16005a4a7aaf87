import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { swapSettings } from '#tests/support/settings'
import { SignupSettings } from '#services/accounts/signup_settings'

export type FakeGoogleProfile = { sub: string; email: string; email_verified: boolean; name?: string }

/**
 * A local OAuth 2.0 provider speaking Google's three endpoints (authorize, token, userinfo).
 * `authorize` redirects straight back with a code bound to the next profile in line.
 */
export class FakeGoogle {
  #server: Server
  #codes = new Map<string, FakeGoogleProfile>()
  #tokens = new Map<string, FakeGoogleProfile>()
  next: FakeGoogleProfile | null = null
  tokenRequests: URLSearchParams[] = []
  #restore: () => void = () => {}

  constructor() {
    this.#server = createServer(async (req, res) => {
      const url = new URL(req.url || '/', 'http://fake')
      if (url.pathname === '/authorize') {
        const code = `code-${Math.random().toString(36).slice(2)}`
        if (this.next) this.#codes.set(code, this.next)
        const back = new URL(url.searchParams.get('redirect_uri')!)
        back.searchParams.set('code', code)
        back.searchParams.set('state', url.searchParams.get('state') || '')
        res.writeHead(302, { location: back.toString() }).end()
        return
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        let body = ''
        for await (const chunk of req) body += chunk
        const params = new URLSearchParams(body)
        this.tokenRequests.push(params)
        const profile = this.#codes.get(params.get('code') || '')
        if (!profile || params.get('client_secret') !== 'fake-secret') {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }))
          return
        }
        this.#codes.delete(params.get('code')!)
        const token = `at-${Math.random().toString(36).slice(2)}`
        this.#tokens.set(token, profile)
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600 }))
        return
      }
      if (url.pathname === '/userinfo') {
        const token = (req.headers.authorization || '').replace(/^Bearer /, '')
        const profile = this.#tokens.get(token)
        if (!profile) {
          res.writeHead(401).end()
          return
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profile))
        return
      }
      res.writeHead(404).end()
    })
  }

  async start() {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', () => resolve()))
    const base = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`
    this.#restore = swapSettings(SignupSettings, {
      google: {
        clientId: 'fake-client',
        clientSecret: 'fake-secret',
        authorizeUrl: `${base}/authorize`,
        tokenUrl: `${base}/token`,
        userInfoUrl: `${base}/userinfo`,
      },
    })
    return this
  }

  async stop() {
    this.#restore()
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }
}
