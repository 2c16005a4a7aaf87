import { liveText } from '#config/live_env'

/** docs/rules/flags.md#ads: ads.txt and the account meta tag; the default keeps verification working. */
export const DEFAULT_ADS_PUBLISHER_ID = 'pub-0000000000000000'

export const DEFAULT_ADS_SCRIPT_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js'

/** Read at request time (config/live_env.ts) so tests can switch them. */
function setting(key: 'ADS_PUBLISHER_ID' | 'ADS_SLOT_IDS' | 'ADS_SCRIPT_URL') {
  return liveText(key) ?? ''
}

export const adsConfig = {
  get publisherId() {
    return setting('ADS_PUBLISHER_ID').trim() || DEFAULT_ADS_PUBLISHER_ID
  },
  get slotIds() {
    return setting('ADS_SLOT_IDS')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
  },
  get scriptUrl() {
    return setting('ADS_SCRIPT_URL').trim() || DEFAULT_ADS_SCRIPT_URL
  },
  adSystemDomain: 'google.com',
  certificationId: 'f08c47fec0942fa0',
}
