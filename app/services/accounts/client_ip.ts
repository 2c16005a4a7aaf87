import { isIP } from 'node:net'

/**
 * The key the per-IP sign-up limit counts by. IPv4 addresses count alone; IPv6 addresses are
 * grouped by their /64 network so rotating addresses inside one network does not evade the
 * limit. IPv4-mapped IPv6 addresses count as the IPv4 address.
 */
export function signupIpKey(ip: string): string {
  const address = (ip || '')
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (mapped) return mapped[1]
  if (isIP(address) !== 6) return address || 'unknown'
  const groups = expandIpv6(address)
  return `${groups.slice(0, 4).join(':')}::/64`
}

function expandIpv6(address: string): string[] {
  let text = address
  // An embedded IPv4 tail (::1.2.3.4) becomes two hex groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number)
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const headParts = head ? head.split(':') : []
  const tailParts = tail !== undefined && tail !== '' ? tail.split(':') : []
  const missing = 8 - headParts.length - tailParts.length
  const parts = text.includes('::') ? [...headParts, ...Array(Math.max(0, missing)).fill('0'), ...tailParts] : headParts
  return parts.map((p) => (Number.parseInt(p || '0', 16) || 0).toString(16))
}
