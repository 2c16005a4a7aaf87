import env from '#start/env'
import { defineConfig, services } from '@adonisjs/drive'
import { fromProjectRoot } from '#start/project_root'
import { parseGcsCredentials } from '#services/sitemaps/storage_credentials'

const driveConfig = defineConfig({
  default: 'fs',
  services: {
    fs: services.fs({
      location: fromProjectRoot(env.get('STORAGE_PATH') || 'storage'),
      serveFiles: false,
      visibility: 'private',
    }),
    // Sitemap storage (CONTRACT 10): a cloud disk is registered only when SITEMAP_DISK picks
    // it, so its SDK loads only there. Credentials are raw or base64 JSON.
    ...(env.get('SITEMAP_DISK') === 'gcs'
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
    ...(env.get('SITEMAP_DISK') === 's3'
      ? {
          s3: services.s3({
            bucket: env.get('S3_BUCKET') || '',
            region: env.get('S3_REGION') || 'us-east-1',
            endpoint: env.get('S3_ENDPOINT') || undefined,
            forcePathStyle: Boolean(env.get('S3_ENDPOINT')),
            credentials:
              env.get('S3_ACCESS_KEY_ID') && env.get('S3_SECRET_ACCESS_KEY')
                ? { accessKeyId: env.get('S3_ACCESS_KEY_ID')!, secretAccessKey: env.get('S3_SECRET_ACCESS_KEY')! }
                : undefined,
            visibility: 'private',
            supportsACL: false,
          }),
        }
      : {}),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
