import { test } from '@japa/runner'
import { safeNextPath } from '#services/accounts/safe_next_path'

/**
 * Issue 23 item 7: the `next` target is judged after normalising. Every entry must come out as
 * the default or as a path that a browser resolves on this origin: one leading `/`, never
 * `//` or `/\`, no scheme, no control characters.
 */
const HOSTILE = [
  '/.//evil.example/phish',
  '/..//evil.example/phish',
  '/%2e//evil.example/phish',
  '/%2E%2E//evil.example/phish',
  '/%252e//evil.example/phish',
  '/%2e%2e%2f/evil.example',
  '/%2f/evil.example',
  '/%2f%2fevil.example',
  '/%252f%252fevil.example',
  '/%5cevil.example',
  '/%5c%5cevil.example',
  '/%255cevil.example',
  '/\\evil.example',
  '/\\\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d%0a/evil.example',
  '/%2509/evil.example',
  '/ /evil.example',
  '//evil.example',
  '///evil.example',
  'https:evil.example',
  'https://evil.example',
  'https:/evil.example',
  '/https://evil.example',
  'javascript:alert(1)',
  '/javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '%2f%2fevil.example',
  '/a/b/../..//evil.example',
  '/././/evil.example',
  '/%zz',
  '',
  '/' + 'a'.repeat(2100),
]

function isLocal(path: string) {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false
  // eslint-disable-next-line no-control-regex -- control characters make a path unsafe
  if (/[\u0000-\u0020\u007f]/.test(path)) return false
  const once = (() => {
    try {
      return decodeURIComponent(path)
    } catch {
      return path
    }
  })()
  if (once.startsWith('//') || once.startsWith('/\\')) return false
  const base = 'http://local.invalid'
  return (
    new URL(path, base).origin === base &&
    new URL(once, base).origin === base &&
    !new URL(path, base).pathname.startsWith('//')
  )
}

test.group('Accounts / safe next path (issue 23 item 7)', () => {
  for (const input of HOSTILE) {
    test(`${JSON.stringify(input).slice(0, 60)} comes out local`, ({ assert }) => {
      const out = safeNextPath(input)
      assert.isTrue(isLocal(out), `unsafe: ${JSON.stringify(out)}`)
      // Nothing that names the other host survives as a path either.
      if (out !== '/dashboard') assert.notMatch(out, /^\/+[^/?#]*evil\.example/i)
      // What comes out is stable: judging it again changes nothing.
      assert.equal(safeNextPath(out), out)
    })
  }

  test('local paths keep their query and hash, dot segments resolve, encoding is kept', ({ assert }) => {
    assert.equal(safeNextPath('/notes?x=1#top'), '/notes?x=1#top')
    assert.equal(safeNextPath('/a/./b/../notes'), '/a/notes')
    assert.equal(safeNextPath('/search?q=a%26b'), '/search?q=a%26b')
    assert.equal(safeNextPath('/documents/caf%C3%A9'), '/documents/caf%C3%A9')
    assert.equal(safeNextPath('/documents/café'), '/documents/caf%C3%A9')
    assert.equal(safeNextPath(null, '/onboarding'), '/onboarding')
    assert.equal(safeNextPath(['/notes']), '/dashboard')
  })
})
