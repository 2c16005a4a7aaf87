import type { IncomingMessage, ServerResponse } from 'node:http'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'
import proxyAddr from 'proxy-addr'
import { isIP } from 'node:net'

export const appKey = new Secret(env.get('APP_KEY').release())
export const appUrl = (env.get('APP_URL') || 'http://127.0.0.1:3333').replace(/\/+$/, '')
/** Search-engine ownership tokens for the home page's meta tags (null: no tag). */
export const siteVerification = {
  google: env.get('GOOGLE_SITE_VERIFICATION') || null,
  bing: env.get('BING_SITE_VERIFICATION') || null,
}
/**
 * docs/rules/operations.md#settings: cookies are `Secure` only when APP_URL is https (plain http keeps
 * sessions).
 */
export function secureCookiesFor(url: string) {
  return /^https:\/\//i.test(url.trim())
}
export const secureCookies = secureCookiesFor(appUrl)

/**
 * TRUSTED_PROXIES (docs/rules/operations.md#settings): comma-separated addresses, CIDR ranges and the names
 * `loopback`, `linklocal`, `uniquelocal`, compiled by proxy-addr. Only a hop that matches may
 * set X-Forwarded-For / -Host / -Proto. A value proxy-addr cannot read stops the boot.
 */
export function compileTrustedProxies(value: string | undefined): (address: string, hop: number) => boolean {
  const list = (value || 'loopback')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  try {
    return proxyAddr.compile(list)
  } catch (error) {
    throw new Error(`TRUSTED_PROXIES is invalid (${(error as Error).message})`)
  }
}

/** "1.2.3.4:5678" → "1.2.3.4", "[::1]:80" or "[::1]" → "::1"; anything else unchanged. */
export function withoutPort(address: string) {
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(address)
  if (v4) return v4[1]
  const v6 = /^\[([0-9A-Fa-f:.]+)\](?::\d{1,5})?$/.exec(address)
  return v6 ? v6[1] : address
}

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  // The process guard (start/process_guard.ts) logs an escaped error with its request id.
  useAsyncLocalStorage: true,
  trustProxy: compileTrustedProxies(env.get('TRUSTED_PROXIES')),
  /**
   * The client address proxy-addr finds, when it is one: a trusted hop may pass on any text as
   * X-Forwarded-For ("unknown", 300 characters), and that is no address to count sign-ups or
   * throttles by, nor to store in a bounded column. The hop's own address counts then. Some
   * gateways append each hop's port ("1.2.3.4:5678", "[2001:db8::1]:443"): the address counts, so
   * trust is judged on it and such clients do not all share the gateway's budget.
   */
  getIp(request, forwarded) {
    const headers = request.request.headers
    const hops = headers['x-forwarded-for']
    if (typeof hops === 'string' && hops.includes(':')) {
      headers['x-forwarded-for'] = hops
        .split(',')
        .map((hop) => withoutPort(hop.trim()))
        .join(', ')
    }
    const ip = forwarded()
    return isIP(ip) ? ip : request.request.socket.remoteAddress || 'unknown'
  },
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
