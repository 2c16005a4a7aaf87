import { test } from '@japa/runner'
import { DEFAULT_ADS_PUBLISHER_ID, publisherIdFrom } from '#config/ads'

/** docs/rules/flags.md#ads: ads.txt carries `pub-…`, the meta tag `ca-pub-…`, whichever form the setting holds. */
test.group('Ads / ADS_PUBLISHER_ID', () => {
  test('pub-… is kept; a pasted client id ca-pub-… loses its ca-; blank is the default', ({ assert }) => {
    assert.equal(publisherIdFrom('pub-1234567890123456'), 'pub-1234567890123456')
    assert.equal(publisherIdFrom(' ca-pub-1234567890123456 '), 'pub-1234567890123456')
    assert.equal(publisherIdFrom('CA-pub-1234567890123456'), 'pub-1234567890123456')
    assert.equal(publisherIdFrom(''), DEFAULT_ADS_PUBLISHER_ID)
    assert.equal(publisherIdFrom(undefined), DEFAULT_ADS_PUBLISHER_ID)
    assert.equal(publisherIdFrom('   '), DEFAULT_ADS_PUBLISHER_ID)
  })
})
