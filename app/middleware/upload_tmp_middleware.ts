import { unlink } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { takeUploadTmpFiles } from '#start/upload_tmp'

/**
 * Deletes every part the body parser wrote for this request once the answer is decided:
 * success, refusal, a body over the limit or a client that went away. The upload service reads
 * the part into memory and keeps only the copy on the storage disk.
 */
export default class UploadTmpMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    try {
      return await next()
    } finally {
      const paths = new Set(takeUploadTmpFiles(ctx))
      if (ctx.request.bodyType === 'multipart') {
        try {
          for (const file of Object.values(ctx.request.allFiles()).flat()) if (file.tmpPath) paths.add(file.tmpPath)
        } catch {} // the body was never read (a refusal before the upload route read it)
      }
      await Promise.all([...paths].map((path) => unlink(path).catch(() => {})))
    }
  }
}
