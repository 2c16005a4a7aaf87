import edge from 'edge.js'
import env from '#start/env'
import { adsConfig } from '#config/ads'

edge.global('adsPublisherId', adsConfig.publisherId)
edge.global('googleSiteVerification', env.get('GOOGLE_SITE_VERIFICATION') || '')
edge.global('bingSiteVerification', env.get('BING_SITE_VERIFICATION') || '')
