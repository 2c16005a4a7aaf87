import type { Readable } from 'node:stream'
import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import { StorageUnavailableError } from '#exceptions/documents_errors'
import { storage } from '#config/drive'
import type { DiskName } from '#start/storage_disks'

const UNAVAILABLE = 'File storage is unavailable right now. Please try again in a few minutes.'

/**
 * Where uploaded files live (docs/rules/documents.md#upload-limits): the disk named by UPLOADS_DISK (fs, s3 or
 * gcs), the same objects for every instance. Storage failures become 503 SERVICE_UNAVAILABLE with the contract
 * body. Resolved from the container, so a test can swap in another disk.
 */
export class UploadStorage {
  readonly diskName: DiskName | null

  // A default value (not `?`) keeps constructor.length at 0 so the container can build it.
  constructor(diskName: DiskName | null | undefined = undefined) {
    this.diskName = diskName === undefined ? storage.uploads : diskName
  }

  protected disk() {
    if (!this.diskName) throw new StorageUnavailableError('File storage is not configured on this server.')
    return drive.use(this.diskName as any)
  }

  async put(key: string, body: Uint8Array, contentType: string) {
    const disk = this.disk()
    try {
      await disk.put(key, body, { contentType })
    } catch (error) {
      logger.error({ err: error, disk: this.diskName }, 'upload storage write failed')
      throw new StorageUnavailableError(UNAVAILABLE)
    }
  }

  /** The stored bytes as a stream, or null when the object is missing. */
  async stream(key: string): Promise<Readable | null> {
    const disk = this.disk()
    try {
      if (!(await disk.exists(key))) return null
      return (await disk.getStream(key)) as Readable
    } catch (error) {
      logger.error({ err: error, disk: this.diskName }, 'upload storage read failed')
      throw new StorageUnavailableError(UNAVAILABLE)
    }
  }

  /** Best effort: a failed delete leaves an orphaned object, logged, never a failed request. */
  async delete(key: string) {
    try {
      await this.disk().delete(key)
    } catch (error) {
      logger.warn({ err: error, key }, 'could not delete an uploaded file')
    }
  }
}
