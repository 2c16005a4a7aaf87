import { createWriteStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { uploadTmpFileName } from '#start/upload_tmp'
import { assertTextInput } from '#middleware/text_input_middleware'
import { ApiError } from '#exceptions/api_error'

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
    // The body parser nests a field named `a[b][b]…` as deep as its name goes, then deep-clones
    // the fields in setInitialBody: thousands of levels overflow the stack outside any promise
    // this request waits on, and it would never be answered. Catch it where it is thrown.
    let tooDeep = false
    const setInitialBody = request.setInitialBody.bind(request)
    request.setInitialBody = (body) => {
      try {
        setInitialBody(body)
      } catch (error) {
        if (!(error instanceof RangeError)) throw error
        tooDeep = true
        setInitialBody({})
      }
    }
    try {
      await request.multipart.process()
    } finally {
      Reflect.deleteProperty(request, 'setInitialBody')
    }
    if (tooDeep) throw ApiError.badRequest('The form has a field whose name is nested too deeply.')
    // Its text fields were not in the body when TextInputMiddleware looked.
    assertTextInput(request.body())
    return next()
  }
}
