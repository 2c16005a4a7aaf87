import env from '#start/env'

/** docs/rules/flags.md#ads: ads.txt and the account meta tag; the default keeps verification working. */
export const DEFAULT_ADS_PUBLISHER_ID = 'pub-0000000000000000'

export const DEFAULT_ADS_SCRIPT_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js'

/**
 * The publisher id as ads.txt needs it (`pub-…`). The network's console shows the client id
 * `ca-pub-…`; an operator who pastes that gets the same files (the meta tag adds `ca-` itself).
 */
export function publisherIdFrom(raw: string | undefined | null): string {
  const value = (raw ?? '').trim().replace(/^ca-(?=pub-)/i, '')
  return value || DEFAULT_ADS_PUBLISHER_ID
}

/** Read once at boot; services and pages take them as AdsSettings (app/services/pages/ads_settings.ts). */
export const adsConfig = {
  publisherId: publisherIdFrom(env.get('ADS_PUBLISHER_ID')),
  slotIds: (env.get('ADS_SLOT_IDS') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean),
  scriptUrl: env.get('ADS_SCRIPT_URL')?.trim() || DEFAULT_ADS_SCRIPT_URL,
  adSystemDomain: 'google.com',
  certificationId: 'f08c47fec0942fa0',
}
