/*
| A strict, independent reading of a robots.txt by the rules of RFC 9309 (written here from the
| RFC, not from our generator): used to check what our robots.txt means to a crawler.
| - lines end in LF, CRLF or CR; a UTF-8 BOM is skipped; `#` starts a comment;
| - keys are case-insensitive; a group is one or more user-agent lines and the rules after them;
|   rules before the first user-agent line belong to no group;
| - a crawler obeys every group naming its product token (case-insensitive, merged), else the
|   `*` groups; with none, everything is allowed;
| - the longest matching rule wins (octets of the pattern); Allow wins a tie; `*` matches any
|   sequence and a final `$` anchors; an empty Disallow matches nothing;
| - percent-encoded unreserved characters are decoded before comparing (2.2.2).
*/
export type RobotsRule = { allow: boolean; pattern: string }
export type RobotsGroup = { agents: string[]; rules: RobotsRule[] }
export type ParsedRobots = { groups: RobotsGroup[]; sitemaps: string[]; unknown: string[] }

const PRODUCT_TOKEN = /^[A-Za-z_-]+$/

export function parseRobots(text: string): ParsedRobots {
  const groups: RobotsGroup[] = []
  const sitemaps: string[] = []
  const unknown: string[] = []
  let current: RobotsGroup | null = null
  let lastWasAgent = false
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim()
    if (line === '') continue
    const colon = line.indexOf(':')
    if (colon < 0) {
      unknown.push(raw)
      continue
    }
    const key = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (key === 'user-agent') {
      if (!lastWasAgent || !current) {
        current = { agents: [], rules: [] }
        groups.push(current)
      }
      current.agents.push(value.toLowerCase())
      lastWasAgent = true
      continue
    }
    lastWasAgent = false
    if (key === 'allow' || key === 'disallow') {
      if (current) current.rules.push({ allow: key === 'allow', pattern: value })
      else unknown.push(raw)
    } else if (key === 'sitemap') {
      sitemaps.push(value)
    } else {
      unknown.push(raw)
    }
  }
  return { groups, sitemaps, unknown }
}

/** The product token of a user-agent header: `Mozilla/5.0 (compatible; GPTBot/1.0; …)` → `gptbot`. */
export function productToken(userAgent: string): string {
  const compatible = /compatible;\s*([A-Za-z_-]+)/.exec(userAgent)
  const token = compatible ? compatible[1] : userAgent.split(/[/\s]/)[0]
  return token.toLowerCase()
}

const UNRESERVED = /%([0-9A-Fa-f]{2})/g

function normalisePath(path: string) {
  return path.replace(UNRESERVED, (escape, hex) => {
    const ch = String.fromCharCode(Number.parseInt(hex, 16))
    return /[A-Za-z0-9\-._~]/.test(ch) ? ch : escape.toUpperCase()
  })
}

function patternMatches(pattern: string, path: string): boolean {
  if (pattern === '') return false
  const anchored = pattern.endsWith('$')
  const body = anchored ? pattern.slice(0, -1) : pattern
  const source = normalisePath(body)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${source}${anchored ? '$' : ''}`).test(path)
}

/** The rules a crawler with `token` obeys (merged groups), or null when no group applies. */
export function rulesFor(robots: ParsedRobots, token: string): RobotsRule[] | null {
  const own = robots.groups.filter((group) => group.agents.includes(token.toLowerCase()))
  const chosen = own.length > 0 ? own : robots.groups.filter((group) => group.agents.includes('*'))
  return chosen.length > 0 ? chosen.flatMap((group) => group.rules) : null
}

/** RFC 9309 2.2.2: longest match wins, Allow wins a tie; `/robots.txt` is always allowed. */
export function isAllowed(robots: ParsedRobots, userAgent: string, pathAndQuery: string): boolean {
  const path = normalisePath(pathAndQuery)
  if (path === '/robots.txt') return true
  const rules = rulesFor(robots, productToken(userAgent))
  if (!rules) return true
  let best: RobotsRule | null = null
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, path)) continue
    const length = Buffer.byteLength(rule.pattern)
    const bestLength = best ? Buffer.byteLength(best.pattern) : -1
    if (length > bestLength || (length === bestLength && rule.allow)) best = rule
  }
  return best ? best.allow : true
}

/** Problems a strict reader would report (unknown lines, bad tokens, relative sitemaps). */
export function robotsProblems(text: string): string[] {
  const problems: string[] = []
  if (text.startsWith('\uFEFF')) problems.push('starts with a BOM')
  if (/\r/.test(text)) problems.push('carries CR line ends')
  if (Buffer.byteLength(text) > 500 * 1024) problems.push('larger than the 500 KiB a crawler must read')
  const parsed = parseRobots(text)
  for (const line of parsed.unknown) problems.push(`line outside the RFC 9309 keys or groups: ${line}`)
  for (const group of parsed.groups) {
    for (const agent of group.agents) {
      if (agent !== '*' && !PRODUCT_TOKEN.test(agent)) problems.push(`user-agent is not a product token: ${agent}`)
    }
    for (const rule of group.rules) {
      if (rule.pattern !== '' && !rule.pattern.startsWith('/') && !rule.pattern.startsWith('*')) {
        problems.push(`rule does not start with / : ${rule.pattern}`)
      }
    }
  }
  for (const sitemap of parsed.sitemaps) {
    if (!/^https?:\/\/[^/]+\//.test(sitemap)) problems.push(`Sitemap is not an absolute URL: ${sitemap}`)
  }
  return problems
}
