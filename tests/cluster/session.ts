/**
 * A browser-like HTTP client for the cluster suite: a cookie jar, the CSRF header from the
 * XSRF-TOKEN cookie, and a base address (nginx, or one instance directly). Cookies are shared
 * across base addresses, as a browser sharing one site would.
 */
export class ClusterSession {
  cookies = new Map<string, string>()
  /** The fetch to send with (undici's own, with a dispatcher, to connect from another address). */
  send: (url: string, init: any) => Promise<Response> = fetch

  constructor(
    public base: string,
    public forwardedFor?: string
  ) {}

  on(base: string) {
    const other = new ClusterSession(base, this.forwardedFor)
    other.cookies = this.cookies
    other.send = this.send
    return other
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const xsrf = this.cookies.get('XSRF-TOKEN')
    const isForm = body instanceof FormData
    const response = await this.send(this.base + path, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
      headers: {
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(this.forwardedFor ? { 'x-forwarded-for': this.forwardedFor } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const name = pair.slice(0, pair.indexOf('='))
      const value = pair.slice(pair.indexOf('=') + 1)
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await response.text()
    let json: any = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {}
    return { status: response.status, headers: response.headers, text, json }
  }

  async csrf() {
    await this.request('GET', '/api/auth/csrf')
    return this
  }

  async login(email: string, password = 'demo-password') {
    await this.csrf()
    const response = await this.request('POST', '/api/auth/login', { email, password })
    if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${response.text}`)
    return this
  }
}
