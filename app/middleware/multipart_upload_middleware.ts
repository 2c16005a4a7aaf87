import { createWriteStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { uploadTmpFileName } from '#start/upload_tmp'
import { assertTextInput } from '#middleware/text_input_middleware'

/**
 * Reads a multipart body (issue 23.4). The body parser reads none (config/bodyparser.ts); the
 * upload route runs this after auth, flag, plan access and the upload throttle, so a refused
 * request never writes a byte to disk. Parts land in tmp/uploads with mode 0600 and are deleted
 * when the request ends (UploadTmpMiddleware). The body limit of config/bodyparser.ts applies.
 */
export default class MultipartUploadMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    if (request.bodyType !== 'multipart' || !request.multipart) return next()
    request.multipart.onFile('*', { deferValidations: true }, async (part, reportChunk) => {
      const tmpPath = uploadTmpFileName(ctx)
      try {
        part.pause()
        part.on('data', reportChunk)
        await pipeline(part, createWriteStream(tmpPath, { mode: 0o600 }))
        return { tmpPath }
      } catch (error) {
        await unlink(tmpPath).catch(() => {})
        request.multipart.abort(error)
      }
    })
    await request.multipart.process()
    // Its text fields were not in the body when TextInputMiddleware looked.
    assertTextInput(request.body())
    return next()
  }
}
