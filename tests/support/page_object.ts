import type { ApiClient, ApiRequest } from '@japa/api-client'

type SignedIn = Parameters<ApiRequest['loginAs']>[0]

/** The Inertia page object (`{ component, props, ... }`) embedded in a server-rendered page. */
export function pageObject(html: string) {
  const match = /<script[^>]*data-page="[^"]*"[^>]*>([\s\S]*?)<\/script>/.exec(html)
  if (!match) throw new Error('no Inertia page object in the HTML')
  return JSON.parse(match[1])
}

/** The props of the Inertia page embedded in a server-rendered page. */
export function pageProps(html: string) {
  return pageObject(html).props
}

/** GET `url` as a browser asks for a page (`accept: text/html`), signed in as `user` when given. */
export function getPage(client: ApiClient, url: string, user?: SignedIn) {
  const request = client.get(url).header('accept', 'text/html')
  return user ? request.loginAs(user) : request
}
