import type { IncomingMessage, ServerResponse } from 'node:http'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'

export const appKey = new Secret(env.get('APP_KEY').release())
export const appUrl = (env.get('APP_URL') || 'http://127.0.0.1:3333').replace(/\/+$/, '')
/** CONTRACT 12: cookies are `Secure` only when APP_URL is https (plain http keeps sessions). */
export function secureCookiesFor(url: string) {
  return /^https:\/\//i.test(url.trim())
}
export const secureCookies = secureCookiesFor(appUrl)

function trustedProxies(): (address: string) => boolean {
  const list = (env.get('TRUSTED_PROXIES') || 'loopback')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  return (address: string) =>
    list.some((entry) => {
      if (entry === 'loopback') {
        return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1'
      }
      return entry === address
    })
}

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  trustProxy: trustedProxies(),
  // A malformed percent-encoding never reaches the router: answer with the contract body.
  onBadUrl(_req: IncomingMessage, res: ServerResponse) {
    const body = { code: 'BAD_REQUEST', message: 'The address is malformed (bad percent-encoding).', status: 400 }
    res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  },
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: secureCookies,
    sameSite: 'lax',
  },
})

export const isTest = app.inTest
