import { test } from '@japa/runner'
import { canonicalizeEmail, emailDomain } from '#services/accounts/canonical_email'
import { matchDisposableDomain, parseBlocklist } from '#services/accounts/disposable_domains'
import { signupIpKey } from '#services/accounts/client_ip'
import { safeNextPath } from '#services/accounts/safe_next_path'

test.group('Accounts / canonical email (SPEC G rule 3)', () => {
  test('gmail.com and googlemail.com: +alias and dots stripped, one domain', ({ assert }) => {
    assert.equal(canonicalizeEmail('John.Doe+news@Gmail.com'), 'johndoe@gmail.com')
    assert.equal(canonicalizeEmail('j.o.h.n.doe@googlemail.com'), 'johndoe@gmail.com')
    assert.equal(canonicalizeEmail('  JOHNDOE@GMAIL.COM '), 'johndoe@gmail.com')
  })

  test('other providers are only lowercased (dots and +alias kept)', ({ assert }) => {
    assert.equal(canonicalizeEmail('First.Last+tag@Example.COM'), 'first.last+tag@example.com')
    assert.equal(canonicalizeEmail('a.b@outlook.com'), 'a.b@outlook.com')
    assert.equal(emailDomain('x@Sub.Example.com'), 'sub.example.com')
  })
})

test.group('Accounts / disposable check (SPEC G rule 2)', () => {
  const list = parseBlocklist('# comment\nmailinator.com\nTempMail.DEV\n\n')

  test('listed domains and their subdomains match; others do not', ({ assert }) => {
    assert.equal(list.size, 2)
    assert.equal(matchDisposableDomain('mailinator.com', list, new Set()), 'mailinator.com')
    assert.equal(matchDisposableDomain('a.b.mailinator.com', list, new Set()), 'mailinator.com')
    assert.equal(matchDisposableDomain('tempmail.dev', list, new Set()), 'tempmail.dev')
    assert.isNull(matchDisposableDomain('notmailinator.com', list, new Set()))
    assert.isNull(matchDisposableDomain('example.com', list, new Set()))
  })

  test('the allowlist overrides, for the domain and its subdomains', ({ assert }) => {
    assert.isNull(matchDisposableDomain('mailinator.com', list, new Set(['mailinator.com'])))
    assert.isNull(matchDisposableDomain('x.mailinator.com', list, new Set(['mailinator.com'])))
    assert.isNull(matchDisposableDomain('x.mailinator.com', list, new Set(['x.mailinator.com'])))
  })
})

test.group('Accounts / client IP key and next path', () => {
  test('IPv4 counts alone; IPv6 groups by /64; mapped IPv4 is IPv4', ({ assert }) => {
    assert.equal(signupIpKey('203.0.113.7'), '203.0.113.7')
    assert.equal(signupIpKey('::ffff:203.0.113.7'), '203.0.113.7')
    assert.equal(signupIpKey('2001:db8:1:2::1'), signupIpKey('2001:0db8:0001:0002:ffff:eeee:dddd:cccc'))
    assert.equal(signupIpKey('2001:db8:1:2::1'), '2001:db8:1:2::/64')
    assert.notEqual(signupIpKey('2001:db8:1:2::1'), signupIpKey('2001:db8:1:3::1'))
    assert.equal(signupIpKey('::1'), '0:0:0:0::/64')
  })

  test('/login?next= keeps only local paths', ({ assert }) => {
    assert.equal(safeNextPath('/notes?x=1'), '/notes?x=1')
    assert.equal(safeNextPath('//evil.com'), '/dashboard')
    assert.equal(safeNextPath('https://evil.com'), '/dashboard')
    assert.equal(safeNextPath('/\\evil.com'), '/dashboard')
  })
})
