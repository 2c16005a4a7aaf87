import env from '#start/env'
import { defineConfig, services } from '@adonisjs/drive'
import { fromProjectRoot } from '#start/project_root'
import { parseGcsCredentials } from '#start/storage_credentials'
import { selectStorage } from '#start/storage_disks'

/**
 * Disks (docs/rules/operations.md#settings): UPLOADS_DISK (default fs) and SITEMAP_DISK (default none) pick
 * `fs`, `s3` or `gcs`. A cloud disk is registered only when a purpose picks it and its settings are complete,
 * so its SDK loads only there; an incomplete one counts as not configured (a warning at boot,
 * start/background.ts). Uploads live under documents/, sitemaps under v2/sitemaps/.
 */
export const storage = selectStorage({
  UPLOADS_DISK: env.get('UPLOADS_DISK'),
  SITEMAP_DISK: env.get('SITEMAP_DISK'),
  S3_BUCKET: env.get('S3_BUCKET'),
  GCS_BUCKET: env.get('GCS_BUCKET'),
})

/** Options of the s3 disk (flydrive's S3Driver), shared with the tests that run it against s3rver. */
export function s3DiskOptions(settings: {
  bucket: string
  region?: string
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
}) {
  return {
    bucket: settings.bucket,
    region: settings.region || 'us-east-1',
    endpoint: settings.endpoint || undefined,
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Bounded attempts: a storage outage answers 503 (uploads) or renders live (sitemaps)
    // within seconds instead of hanging the request.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15000 },
    visibility: 'private' as const,
    supportsACL: false,
  }
}

const driveConfig = defineConfig({
  default: 'fs',
  services: {
    fs: services.fs({
      location: fromProjectRoot(env.get('STORAGE_PATH') || 'storage'),
      serveFiles: false,
      visibility: 'private',
    }),
    // Credentials are raw or base64 JSON.
    ...(storage.disks.includes('gcs')
      ? {
          gcs: services.gcs({
            projectId: env.get('GCS_PROJECT_ID'),
            bucket: env.get('GCS_BUCKET') || '',
            credentials: parseGcsCredentials(env.get('GCS_CREDENTIALS')),
            visibility: 'private',
            usingUniformAcl: true,
          }),
        }
      : {}),
    ...(storage.disks.includes('s3')
      ? {
          s3: services.s3(
            s3DiskOptions({
              bucket: env.get('S3_BUCKET') || '',
              region: env.get('S3_REGION'),
              endpoint: env.get('S3_ENDPOINT'),
              accessKeyId: env.get('S3_ACCESS_KEY_ID'),
              secretAccessKey: env.get('S3_SECRET_ACCESS_KEY'),
            })
          ),
        }
      : {}),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
