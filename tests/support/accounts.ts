import { randomInt } from 'node:crypto'
import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import { testServerUrl } from '#tests/support/test_run'
import limiter from '@adonisjs/limiter/services/main'
import mail from '@adonisjs/mail/services/main'
import VerifyEmailMail from '#mails/verify_email_mail'
import ResetPasswordMail from '#mails/reset_password_mail'
import type { ApiClient } from '@japa/api-client'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { api } from '#tests/support/http'

/** The password the accounts tests sign up and sign in with (long enough for the 8-character rule). */
export const PASSWORD = 'correct-horse-1'

/** A random documentation-range IPv4 address, so each test has its own sign-up budget. */
export function randomIp() {
  return `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`
}

/** Empties the auth throttle's memory store (every test request comes from 127.0.0.1). */
export async function resetThrottles() {
  await limiter.clear()
}

/**
 * The usual accounts test group: per test a rolled-back global transaction, empty auth
 * throttles and (with `mail: true`) a faked mailer, restored after the test.
 */
export function accountsGroup(group: Group, options: { mail?: boolean } = {}) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => resetThrottles())
  if (options.mail)
    group.each.setup(() => {
      const mails = fakeMail()
      return () => mails.restore()
    })
}

/**
 * Fakes the mailer; returns a reader of the tokens in the links that were "sent". Account mails
 * are queued (`sendLater`, issue 23 item 9); the fake records them at once, as sent or queued.
 */
export function fakeMail() {
  const fake = mail.fake()
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!
  const accountMails = <T extends VerifyEmailMail | ResetPasswordMail>(
    kind: new (...args: any[]) => T,
    to?: string
  ): T[] => {
    const match = (m: unknown) => m instanceof kind && (!to || (m as T).recipient === to)
    return [...fake.mails.sent(match), ...fake.mails.queued(match)] as T[]
  }
  return {
    fake,
    verificationLinks(to?: string) {
      return accountMails(VerifyEmailMail, to).map((m) => m.link)
    },
    verificationTokens(to?: string) {
      return this.verificationLinks(to).map(tokenOf)
    },
    resetTokens(to?: string) {
      return accountMails(ResetPasswordMail, to).map((m) => tokenOf(m.link))
    },
    restore() {
      mail.restore()
    },
  }
}

/** Cookie jar for raw fetch calls against the test server (remember-me rotation tests). */
export class CookieJar {
  cookies = new Map<string, string>()
  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attrs] = header.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
  header() {
    return [...this.cookies.entries()].map(([k, v]) => `${k}=${v}`).join('; ')
  }
  xsrf() {
    const raw = this.cookies.get('XSRF-TOKEN')
    return raw ? decodeURIComponent(raw) : ''
  }
}

export function baseUrl() {
  return testServerUrl()
}

/** fetch with the jar's cookies (and its XSRF token on mutations). */
export async function jarFetch(jar: CookieJar, path: string, init: { method?: string; body?: unknown } = {}) {
  const method = init.method || 'GET'
  const headers: Record<string, string> = { accept: 'application/json', cookie: jar.header() }
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  if (method !== 'GET') headers['x-xsrf-token'] = jar.xsrf()
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  })
  jar.store(response)
  return response
}

/** POST /api/auth/login as the sign-in form sends it (JSON, CSRF token); the response is not checked. */
export function logIn(client: ApiClient, email: string, password: string, remember?: boolean) {
  return api(client).post(
    urlFor('api.auth.login'),
    remember === undefined ? { email, password } : { email, password, remember }
  )
}

/** A cookie jar holding the CSRF cookie, as a browser has once a page loaded. */
export async function csrfJar() {
  const jar = new CookieJar()
  const csrf = await jarFetch(jar, urlFor('api.auth.csrf'))
  if (csrf.status !== 204) throw new Error(`csrf answered ${csrf.status}`)
  return jar
}

/** POST /api/auth/login with the jar's cookies; the response is not checked. */
export function jarLogIn(jar: CookieJar, body: { email: string; password?: string; remember?: boolean }) {
  return jarFetch(jar, urlFor('api.auth.login'), { method: 'POST', body })
}

/** A jar signed in as `email` through the login route, as a browser signs in. */
export async function signedInJar(email: string, password: string, remember = false) {
  const jar = await csrfJar()
  const login = await jarLogIn(jar, { email, password, remember })
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`)
  return jar
}
