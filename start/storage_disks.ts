/**
 * Which drive disk holds uploads and which holds sitemaps (docs/rules/documents.md#upload-limits): UPLOADS_DISK
 * (default `fs`) and SITEMAP_DISK (default none), each `fs`, `s3` or `gcs`. A disk whose required settings are
 * missing counts as not configured (docs/rules/crawler.md#storage): the purpose then has no disk, and the boot
 * logs one warning naming what is missing. `fs` serves one machine only; several instances share `s3` or `gcs`.
 */
export type DiskName = 'fs' | 's3' | 'gcs'
export type StoragePurpose = 'uploads' | 'sitemaps'

export type StorageSettings = {
  UPLOADS_DISK?: DiskName
  SITEMAP_DISK?: DiskName
  S3_BUCKET?: string
  GCS_BUCKET?: string
}

const REQUIRED: Record<DiskName, (keyof StorageSettings)[]> = {
  fs: [],
  s3: ['S3_BUCKET'],
  gcs: ['GCS_BUCKET'],
}

export type StorageSelection = {
  uploads: DiskName | null
  sitemaps: DiskName | null
  /** Disks that must be registered with drive (complete and picked by a purpose). */
  disks: DiskName[]
  warnings: string[]
}

export function missingSettings(disk: DiskName, settings: StorageSettings): string[] {
  return REQUIRED[disk].filter((key) => !String(settings[key] ?? '').trim())
}

export function selectStorage(settings: StorageSettings): StorageSelection {
  const warnings: string[] = []
  const pick = (purpose: StoragePurpose, variable: string, chosen: DiskName | undefined): DiskName | null => {
    if (!chosen) return null
    const missing = missingSettings(chosen, settings)
    if (missing.length === 0) return chosen
    warnings.push(`${variable}=${chosen} is missing ${missing.join(', ')}: ${purpose} storage is not configured`)
    return null
  }
  const uploads = pick('uploads', 'UPLOADS_DISK', settings.UPLOADS_DISK ?? 'fs')
  const sitemaps = pick('sitemaps', 'SITEMAP_DISK', settings.SITEMAP_DISK)
  const disks = [...new Set([uploads, sitemaps].filter((d): d is DiskName => d !== null))]
  return { uploads, sitemaps, disks, warnings }
}
