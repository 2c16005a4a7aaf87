import { test } from '@japa/runner'
import { unescapeField } from '#services/sitemaps/sitemap_copy_reader'

test.group('Sitemaps / COPY text fields (issue 19 PostgreSQL reader)', () => {
  test('backslash escapes of COPY text format are undone; \\N is null', ({ assert }) => {
    assert.equal(unescapeField('plain-slug'), 'plain-slug')
    assert.equal(unescapeField('a\\tb\\nc\\\\d\\re'), 'a\tb\nc\\d\re')
    assert.equal(unescapeField('\\b\\f\\v'), '\b\f\v')
    assert.equal(unescapeField('x\\101y\\x42'), 'xAyB')
    assert.isNull(unescapeField('\\N'))
    assert.equal(unescapeField('日本語 & Co'), '日本語 & Co')
  })
})
