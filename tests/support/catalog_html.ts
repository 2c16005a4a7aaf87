/** Small readers of SSR HTML for the catalog page-metadata tests. */
function decode(value: string) {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
}

function attr(tag: string, name: string): string | null {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`))
  return match ? decode(match[1]) : null
}

export function headTitle(html: string): string | null {
  const match = html.match(/<title[^>]*>([\s\S]*?)<\/title>/)
  return match ? decode(match[1]) : null
}

export function canonical(html: string): string | null {
  const tag = html.match(/<link\b[^>]*rel="canonical"[^>]*>/)
  return tag ? attr(tag[0], 'href') : null
}

export function metaContent(html: string, name: string): string | null {
  const tags = html.match(/<meta\b[^>]*>/g) || []
  const tag = tags.find((t) => attr(t, 'name') === name)
  return tag ? attr(tag, 'content') : null
}

export function jsonLd(html: string): any[] {
  const scripts = [...html.matchAll(/<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
  return scripts.map((m) => JSON.parse(m[1]))
}

export function breadcrumbNames(html: string): string[] | null {
  const list = jsonLd(html).find((d) => d['@type'] === 'BreadcrumbList')
  return list ? list.itemListElement.map((i: any) => i.name) : null
}
