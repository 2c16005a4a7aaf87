import env from '#start/env'

/** docs/rules/flags.md#ads: ads.txt and the account meta tag; the default keeps verification working. */
export const DEFAULT_ADS_PUBLISHER_ID = 'pub-0000000000000000'

export const DEFAULT_ADS_SCRIPT_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js'

/** Read once at boot; services and pages take them as AdsSettings (app/services/pages/ads_settings.ts). */
export const adsConfig = {
  publisherId: env.get('ADS_PUBLISHER_ID')?.trim() || DEFAULT_ADS_PUBLISHER_ID,
  slotIds: (env.get('ADS_SLOT_IDS') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean),
  scriptUrl: env.get('ADS_SCRIPT_URL')?.trim() || DEFAULT_ADS_SCRIPT_URL,
  adSystemDomain: 'google.com',
  certificationId: 'f08c47fec0942fa0',
}
