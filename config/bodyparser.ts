import { defineConfig } from '@adonisjs/core/bodyparser'
import { uploadTmpFileName } from '#middleware/upload_tmp_middleware'

/**
 * The only routes whose multipart bodies are read (issue 23.4). Elsewhere a multipart body is
 * left unread: no part reaches the disk, and the route sees an empty body.
 */
export const MULTIPART_ROUTES = ['/api/documents/upload']

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    convertEmptyStringsToNull: false,
    limit: '1mb',
    types: [
      'application/json',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/csp-report',
    ],
  },
  raw: {
    types: ['text/*'],
  },
  multipart: {
    autoProcess: MULTIPART_ROUTES,
    convertEmptyStringsToNull: true,
    processManually: [],
    // Parts go to tmp/uploads (0700), and UploadTmpMiddleware deletes them after the request.
    tmpFileName: uploadTmpFileName,
    // Above the 20 MB document limit so an oversized file gets the contract's 400 (CONTRACT 12).
    limit: '25mb',
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
