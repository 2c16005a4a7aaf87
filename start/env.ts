/*
| Every environment variable the app reads is declared and validated here
| (ARCHITECTURE habit 4). `.env` is read from the project root, also when the
| server runs from build/ (docs/rules/operations.md#settings); real environment variables win.
*/
import { Env } from '@adonisjs/core/env'
import { projectRoot } from '#start/project_root'

export default await Env.create(projectRoot, {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number.optional(),
  HOST: Env.schema.string.optional({ format: 'host' }),
  APP_KEY: Env.schema.secret(),
  APP_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  LOG_LEVEL: Env.schema.string.optional(),
  TRUSTED_PROXIES: Env.schema.string.optional(),

  SESSION_DRIVER: Env.schema.enum.optional(['cookie', 'memory'] as const),
  /** Server-side session lifetimes (issue 23 item 8), durations such as `2h` or `30 days`. */
  SESSION_ABSOLUTE_LIFETIME: Env.schema.string.optional(),
  SESSION_IDLE_LIFETIME: Env.schema.string.optional(),
  SESSION_REMEMBER_IDLE_LIFETIME: Env.schema.string.optional(),

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'pg'] as const),
  SQLITE_FILE: Env.schema.string.optional(),
  DB_HOST: Env.schema.string.optional({ format: 'host' }),
  DB_PORT: Env.schema.number.optional(),
  DB_USER: Env.schema.string.optional(),
  DB_PASSWORD: Env.schema.string.optional(),
  DB_DATABASE: Env.schema.string.optional(),

  LIMITER_STORE: Env.schema.enum.optional(['database', 'redis', 'memory'] as const),
  REDIS_URL: Env.schema.string.optional(),
  /** Older name of REDIS_URL, read when REDIS_URL is unset. */
  QUEUE_REDIS_URL: Env.schema.string.optional(),
  QUEUE_WORKER_IN_PROCESS: Env.schema.boolean.optional(),
  SCHEDULER_IN_PROCESS: Env.schema.boolean.optional(),
  SCHEDULER_STALE_AFTER_MINUTES: Env.schema.number.optional(),

  STORAGE_PATH: Env.schema.string.optional(),
  UPLOADS_DISK: Env.schema.enum.optional(['fs', 'gcs', 's3'] as const),

  /** Reading uploads off the event loop (config/extraction.ts). */
  WORKER_POOL_SIZE: Env.schema.number.optional(),
  WORKER_POOL_MAX_QUEUE: Env.schema.number.optional(),
  WORKER_HEAP_MB: Env.schema.number.optional(),
  EXTRACT_TIMEOUT_MS: Env.schema.number.optional(),
  EXTRACT_MAX_PAGES: Env.schema.number.optional(),
  EXTRACT_MAX_INFLATED_MB: Env.schema.number.optional(),
  EXTRACT_MAX_CHARACTERS: Env.schema.number.optional(),
  /** Reading scanned PDF pages (enable_ocr_processing; config/extraction.ts). */
  OCR_MAX_PAGES: Env.schema.number.optional(),
  OCR_PAGE_TIMEOUT_MS: Env.schema.number.optional(),
  OCR_RENDER_MAX_PX: Env.schema.number.optional(),
  OCR_MAX_IMAGE_MEGAPIXELS: Env.schema.number.optional(),

  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),
  MAIL_FROM: Env.schema.string.optional(),
  MAIL_DELIVERY_ATTEMPTS: Env.schema.number.optional(),
  MAIL_RETRY_DELAY_MS: Env.schema.number.optional(),

  AUTH_SIGNUP_RATE_LIMIT_PER_DAY: Env.schema.number.optional(),
  AUTH_SIGNUP_ATTEMPT_RETENTION_DAYS: Env.schema.number.optional(),
  AUTH_DISPOSABLE_ALLOWLIST: Env.schema.string.optional(),
  AUTH_THROTTLE_PER_MINUTE: Env.schema.number.optional(),
  SEARCH_THROTTLE_PER_MINUTE: Env.schema.number.optional(),
  AUTH_MAIL_PER_ADDRESS_PER_HOUR: Env.schema.number.optional(),
  AUTH_MAIL_PER_ACCOUNT_PER_HOUR: Env.schema.number.optional(),
  UPLOADS_PER_HOUR: Env.schema.number.optional(),
  GOOGLE_CLIENT_ID: Env.schema.string.optional(),
  GOOGLE_CLIENT_SECRET: Env.schema.string.optional(),
  GOOGLE_AUTHORIZE_URL: Env.schema.string.optional(),
  GOOGLE_TOKEN_URL: Env.schema.string.optional(),
  GOOGLE_USER_INFO_URL: Env.schema.string.optional(),

  FEATURE_FLAG_CACHE_TTL_MS: Env.schema.number.optional(),
  CATALOG_PAGE_CACHE_TTL_MS: Env.schema.number.optional(),
  DEV_BYPASS_SUBSCRIPTION: Env.schema.boolean.optional(),

  SITEMAP_REGENERATE_SECRET: Env.schema.string.optional(),
  CRON_SECRET: Env.schema.string.optional(),
  BACKEND_URL: Env.schema.string.optional(),
  SITEMAP_CRON_SCHEDULE: Env.schema.string.optional(),
  SITEMAP_DISK: Env.schema.enum.optional(['fs', 'gcs', 's3'] as const),
  GCS_PROJECT_ID: Env.schema.string.optional(),
  GCS_BUCKET: Env.schema.string.optional(),
  GCS_CREDENTIALS: Env.schema.string.optional(),
  S3_BUCKET: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_ENDPOINT: Env.schema.string.optional(),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.string.optional(),

  ADS_PUBLISHER_ID: Env.schema.string.optional(),
  ADS_SLOT_IDS: Env.schema.string.optional(),
  ADS_SCRIPT_URL: Env.schema.string.optional(),
  GOOGLE_SITE_VERIFICATION: Env.schema.string.optional(),
  BING_SITE_VERIFICATION: Env.schema.string.optional(),

  STRIPE_SECRET_KEY: Env.schema.string.optional(),
  STRIPE_WEBHOOK_SECRET: Env.schema.string.optional(),
  STRIPE_API_URL: Env.schema.string.optional(),
  STRIPE_PRICE_PRO: Env.schema.string.optional(),
  STRIPE_PRICE_PLUS: Env.schema.string.optional(),
  PAYMENT_CHECKOUT_SUCCESS_URL: Env.schema.string.optional(),
  PAYMENT_CHECKOUT_CANCEL_URL: Env.schema.string.optional(),
  PAYMENT_PORTAL_RETURN_URL: Env.schema.string.optional(),

  AI_PROVIDER: Env.schema.enum.optional(['local', 'openai', 'anthropic', 'openai-compatible'] as const),
  AI_MODEL: Env.schema.string.optional(),
  AI_API_KEY: Env.schema.string.optional(),
  AI_BASE_URL: Env.schema.string.optional(),
  MAX_TOTAL_CHARACTERS: Env.schema.number.optional(),
  AI_EMBEDDINGS: Env.schema.enum.optional(['local', 'off'] as const),
  AI_EMBEDDING_MODEL: Env.schema.string.optional(),
  AI_EMBEDDINGS_INLINE: Env.schema.boolean.optional(),

  // Spaced review (issue 27): FSRS target retention and longest interval in days.
  STUDY_REQUEST_RETENTION: Env.schema.number.optional(),
  STUDY_MAXIMUM_INTERVAL_DAYS: Env.schema.number.optional(),
})
