import { isIP } from 'node:net'

/**
 * The network a client counts as, for the per-IP sign-up limit and every per-IP throttle. IPv4
 * addresses count alone; IPv6 addresses are grouped by their /64 network, so rotating addresses
 * inside one network (any IPv6 host holds a whole /64) does not evade a limit. An IPv4-mapped
 * IPv6 address, dotted (::ffff:1.2.3.4) or hex (::ffff:102:304), counts as the IPv4 address.
 * Brackets and a zone id (%eth0) are dropped; the text is case-insensitive.
 */
export function clientNetworkKey(ip: string): string {
  const address = (ip || '')
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
  if (isIP(address) !== 6) return address || 'unknown'
  const groups = expandIpv6(address)
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [high, low] = [Number.parseInt(groups[6], 16), Number.parseInt(groups[7], 16)]
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return `${groups.slice(0, 4).join(':')}::/64`
}

/** The key the per-IP sign-up limit counts by (docs/rules/accounts.md#signup). */
export const signupIpKey = clientNetworkKey

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
