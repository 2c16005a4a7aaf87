import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { AdsSettings } from '#services/pages/ads_settings'
import { AiSettings } from '#services/ai/ai_settings'
import { BillingSettings } from '#services/billing/billing_settings'
import { CatalogSettings } from '#services/catalog/catalog_settings'
import { ThrottleSettings } from '#services/infra/throttle_settings'
import { AccountMailSettings } from '#services/accounts/account_mail_settings'
import { FlagsSettings } from '#services/flags/flags_settings'
import { ExtractionSettings } from '#services/documents/extraction_settings'
import { SitemapSettings } from '#services/sitemaps/sitemap_settings'
import { MailSettings } from '#services/mail/mail_settings'

const SETTINGS = [
  AdsSettings,
  AiSettings,
  BillingSettings,
  CatalogSettings,
  ThrottleSettings,
  AccountMailSettings,
  FlagsSettings,
  ExtractionSettings,
  SitemapSettings,
  MailSettings,
]

/** A value for each setting unlike any test default (what an operator's edit after boot would be). */
const CHANGED: Record<string, string> = {
  ADS_PUBLISHER_ID: 'pub-9999999999999999',
  ADS_SLOT_IDS: '42',
  AI_EMBEDDINGS: 'local',
  STRIPE_SECRET_KEY: 'sk_test_after_boot',
  STRIPE_WEBHOOK_SECRET: 'whsec_after_boot',
  DEV_BYPASS_SUBSCRIPTION: 'true',
  QUEUE_REDIS_URL: 'redis://127.0.0.1:1',
  CATALOG_PAGE_CACHE_TTL_MS: '12345',
  SEARCH_THROTTLE_PER_MINUTE: '1',
  UPLOADS_PER_HOUR: '1',
  AUTH_MAIL_PER_ADDRESS_PER_HOUR: '1',
  FEATURE_FLAG_CACHE_TTL_MS: '1',
  EXTRACT_TIMEOUT_MS: '1',
  WORKER_POOL_SIZE: '7',
  CRON_SECRET: 'cron-after-boot',
  SITEMAP_REGENERATE_SECRET: 'sitemap-after-boot',
  SMTP_HOST: 'smtp.after-boot.example',
  SMTP_PORT: '2525',
  SMTP_USERNAME: 'after-boot',
}

async function resolvedSettings() {
  return JSON.stringify(await Promise.all(SETTINGS.map((Settings) => app.container.createResolver().make(Settings))))
}

/**
 * Settings are read once at boot (docs/decisions/code_health.md#settings): a change to the environment after
 * boot reaches no service. Tests change settings only by swapping these classes in the container.
 */
test.group('Settings are read once at boot', () => {
  test('changing the environment after boot changes no setting and no answer', async ({ client, assert }) => {
    const before = await resolvedSettings()
    const adsTxt = (await client.get(urlFor('site.ads_txt'))).text()
    const previous = Object.fromEntries(Object.keys(CHANGED).map((key) => [key, env.get(key as any)]))
    try {
      for (const [key, value] of Object.entries(CHANGED)) env.set(key as any, value as any)
      assert.equal(await resolvedSettings(), before)
      assert.equal((await client.get(urlFor('site.ads_txt'))).text(), adsTxt)
      assert.notInclude(adsTxt, CHANGED.ADS_PUBLISHER_ID)
    } finally {
      for (const [key, value] of Object.entries(previous)) env.set(key as any, (value ?? '') as any)
    }
  })

  test('app/ reads no environment: its settings come from config/', async ({ assert }) => {
    const readers: string[] = []
    for (const file of await readdir(app.makePath('app'), { recursive: true })) {
      if (!/\.tsx?$/.test(file)) continue
      const source = await readFile(app.makePath('app', file), 'utf8')
      if (/from '#start\/env'|process\.env/.test(source)) readers.push(file)
    }
    assert.deepEqual(readers, [])
  })

  test('config files hold values, not getters that read the environment when used', async ({ assert }) => {
    const dir = app.makePath('config')
    for (const file of await readdir(dir)) {
      const source = await readFile(`${dir}/${file}`, 'utf8')
      assert.notMatch(source, /^\s*get\s+\w+\s*\(/m, `${file} defines a getter`)
    }
  })
})
